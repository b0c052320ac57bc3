// Quire search: loaded by site.js on first use. Reads the sharded index src/site/search-index.ts writes: the manifest,
// then only the shards of a query's terms (and the vocabulary of their first letters, for typos: of their second
// letters too when a first letter may be the typo), then the fragments
// of the results shown. `QuireSearch.Engine` is the query; `QuireSearch.dialog` the accessible search dialog.
(function (global) {
  'use strict';

  /** The search terms of a text, as the index has them (search-index.ts `searchTerms`). */
  function normalize(word) {
    return word
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  }
  function terms(text) {
    var out = [];
    (text.match(/[\p{L}\p{N}]+/gu) || []).forEach(function (word) {
      var term = normalize(word);
      if (term && term.length <= 40) out.push(term);
    });
    return out;
  }
  function head(term, n) {
    return Array.from(term).slice(0, n).join('');
  }

  /** Edit distance (insertions, deletions, substitutions, swaps of neighbours) when at most `max`, else max + 1. */
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var rows = [];
    for (var i = 0; i <= a.length; i++) {
      rows[i] = [i];
      var best = i;
      for (var j = 1; j <= b.length; j++) {
        if (i === 0) {
          rows[0][j] = j;
          continue;
        }
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
        rows[i][j] = d;
        if (d < best) best = d;
      }
      if (i > 0 && best > max) return max + 1;
    }
    return rows[a.length][b.length];
  }

  /** Typos forgiven in a query term: one from 5 letters, two from 9; none in numbers. */
  function typos(term) {
    if (/^\p{N}+$/u.test(term)) return 0;
    var n = Array.from(term).length;
    return n >= 9 ? 2 : n >= 5 ? 1 : 0;
  }

  var EXACT = 1;
  var PREFIX = 0.5;
  var FUZZY = [1, 0.4, 0.25];

  /** A query over the index whose files `load(name)` reads (a name relative to the manifest: `_search/<hash>.json`). */
  function Engine(load) {
    this.load = load;
    this.files = {};
    this.manifest = null;
  }
  Engine.prototype.file = function (name) {
    var files = this.files;
    if (!files[name])
      files[name] = this.load(name).catch(function (error) {
        delete files[name];
        throw error;
      });
    return files[name];
  };
  Engine.prototype.index = function () {
    if (!this.manifest) this.manifest = this.file('search-index.json');
    return this.manifest.then(function (manifest) {
      if (!manifest || manifest.format !== 1) throw new Error('search: unknown index format');
      return manifest;
    });
  };
  /** Forgets the files loaded: the next query reads the manifest again (after the site was rebuilt). */
  Engine.prototype.reset = function () {
    this.files = {};
    this.manifest = null;
  };
  Engine.prototype.hashed = function (hash) {
    return this.file('_search/' + hash + '.json');
  };

  /** The keys of the shards that hold `term`, or every term it begins (`prefix`). */
  function shardKeys(manifest, term, prefix) {
    var keys = [];
    var length = Array.from(term).length;
    var best = null;
    for (var n = Math.min(length, 6); n >= Math.min(2, length); n--) {
      var key = head(term, n);
      if (Object.prototype.hasOwnProperty.call(manifest.shards, key)) {
        best = key;
        break;
      }
    }
    if (best) keys.push(best);
    if (prefix)
      Object.keys(manifest.shards).forEach(function (key) {
        if (key !== best && key.length > term.length && key.indexOf(term) === 0) keys.push(key);
      });
    return keys;
  }

  /**
   * The sections that match `query`, best first: those matching more of its terms, then by score (a term's weight
   * in the section, title and heading above body, times its rarity, times how the term matched: exactly, as a prefix,
   * or with a typo). Each hit: page and section numbers, score, and the index terms that matched (`words`).
   */
  Engine.prototype.search = function (query, limit) {
    var self = this;
    var wanted = [];
    terms(query).forEach(function (t) {
      if (wanted.indexOf(t) < 0 && wanted.length < 8) wanted.push(t);
    });
    if (!wanted.length) return Promise.resolve([]);
    return this.index().then(function (manifest) {
      return Promise.all(
        wanted.map(function (term) {
          return self.candidates(manifest, term);
        }),
      ).then(function (perTerm) {
        return rank(manifest, perTerm, limit || 20);
      });
    });
  };

  /**
   * For a query term: the index terms it matches, each with its postings and how well it matches. Near words come
   * from the vocabulary of the term's first letter; when that finds nothing, from those that hold a word whose first
   * letter was mistyped, dropped or added (by their first or second letter).
   */
  Engine.prototype.candidates = function (manifest, term) {
    var self = this;
    var allowed = typos(term);
    var letters = Array.from(term);
    var first = allowed ? [manifest.vocab[letters[0]]] : [];
    return this.matching(manifest, term, first).then(function (found) {
      if (!allowed || Object.keys(found).length || !manifest.vocab2) return found;
      var others = [manifest.vocab[letters[1]], manifest.vocab2[letters[1]], manifest.vocab2[letters[0]]];
      return self.matching(manifest, term, others);
    });
  };

  /** The index terms matching `term`: itself, those it begins, and the words of `vocabularies` near it. */
  Engine.prototype.matching = function (manifest, term, vocabularies) {
    var self = this;
    var prefix = Array.from(term).length >= 3;
    var allowed = typos(term);
    var hashes = vocabularies.filter(function (hash, i) {
      return hash && vocabularies.indexOf(hash) === i;
    });
    var vocabulary = Promise.all(
      hashes.map(function (hash) {
        return self.hashed(hash);
      }),
    ).then(function (lists) {
      var near = [];
      lists.forEach(function (words) {
        words.forEach(function (word) {
          if (word !== term && near.indexOf(word) < 0 && distance(term, word, allowed) <= allowed) near.push(word);
        });
      });
      return near;
    });
    return vocabulary.then(function (near) {
      var keys = shardKeys(manifest, term, prefix);
      near.forEach(function (word) {
        shardKeys(manifest, word, false).forEach(function (key) {
          if (keys.indexOf(key) < 0) keys.push(key);
        });
      });
      return Promise.all(
        keys.map(function (key) {
          return self.hashed(manifest.shards[key]);
        }),
      ).then(function (shards) {
        var found = Object.create(null);
        shards.forEach(function (shard) {
          Object.keys(shard).forEach(function (word) {
            var quality = word === term ? EXACT : prefix && word.indexOf(term) === 0 ? PREFIX : 0;
            if (near.indexOf(word) >= 0) quality = Math.max(quality, FUZZY[distance(term, word, allowed)] || 0);
            if (quality && !(word in found)) found[word] = { postings: shard[word], quality: quality };
          });
        });
        return found;
      });
    });
  };

  function rank(manifest, perTerm, limit) {
    var docs = Object.create(null);
    var list = [];
    var idf = function (count) {
      return Math.log(1 + (manifest.sections - count + 0.5) / (count + 0.5));
    };
    perTerm.forEach(function (found, t) {
      // A prefix or near word is no rarer than the word typed, when the index has that word.
      var exact = null;
      Object.keys(found).forEach(function (word) {
        if (found[word].quality === EXACT) exact = idf(found[word].postings[0]);
      });
      Object.keys(found).forEach(function (word) {
        var postings = found[word].postings;
        var quality = found[word].quality;
        var rarity = exact === null ? idf(postings[0]) : Math.min(exact, idf(postings[0]));
        var page = 0;
        for (var i = 1; i + 2 < postings.length; i += 3) {
          page += postings[i];
          var id = page + ':' + postings[i + 1];
          var doc = docs[id];
          if (!doc) {
            doc = docs[id] = { page: page, section: postings[i + 1], score: 0, terms: [], tiers: [], marks: [] };
            list.push(doc);
          }
          // Marked: the words that matched best (the word typed, when the section has it).
          var tier = doc.tiers[t] || 0;
          if (quality > tier) (doc.tiers[t] = quality), (doc.marks[t] = []);
          if (quality >= tier) doc.marks[t].push(word);
          doc.terms[t] = Math.max(doc.terms[t] || 0, postings[i + 2] * rarity * quality);
        }
      });
    });
    list.forEach(function (doc) {
      var matched = 0;
      var score = 0;
      doc.terms.forEach(function (s) {
        if (s) matched++, (score += s);
      });
      doc.matched = matched;
      doc.score = score;
      doc.words = [];
      doc.marks.forEach(function (words) {
        doc.words = doc.words.concat(words);
      });
      delete doc.terms;
      delete doc.tiers;
      delete doc.marks;
    });
    list.sort(function (a, b) {
      return b.matched - a.matched || b.score - a.score || a.page - b.page || a.section - b.section;
    });
    return list.slice(0, limit);
  }

  /** The hits with what shows them: page title and URL, the section's heading, URL and text. */
  Engine.prototype.details = function (hits) {
    var self = this;
    return this.index().then(function (manifest) {
      return Promise.all(
        hits.map(function (hit) {
          var block = manifest.blocks[Math.floor(hit.page / manifest.block)];
          return self
            .hashed(block)
            .then(function (names) {
              return self.hashed(names[hit.page % manifest.block]);
            })
            .then(function (fragment) {
              var section = fragment.s[hit.section] || fragment.s[0];
              return { title: fragment.t, heading: section[0], url: section[1], text: section[2], words: hit.words, score: hit.score };
            });
        }),
      );
    });
  };

  /**
   * `text` as runs to show, `[text, marked]`: the words that matched marked; from around the first match when
   * `around`, cut to about `size` characters.
   */
  function highlight(text, words, around, size) {
    var flat = text.replace(/\s+/g, ' ').trim();
    var pattern = /[\p{L}\p{N}]+/gu;
    var matches = [];
    var m;
    while ((m = pattern.exec(flat))) {
      if (words.indexOf(normalize(m[0])) >= 0) matches.push([m.index, m.index + m[0].length]);
    }
    var start = 0;
    if (around && matches.length && matches[0][0] > size / 3) {
      start = flat.lastIndexOf(' ', matches[0][0] - size / 3) + 1;
    }
    var end = Math.min(flat.length, start + size);
    if (end < flat.length) {
      var space = flat.lastIndexOf(' ', end);
      if (space > start + size / 2) end = space;
    }
    var runs = [];
    var at = start;
    matches.forEach(function (range) {
      if (range[0] < start || range[1] > end) return;
      if (range[0] > at) runs.push([flat.slice(at, range[0]), false]);
      runs.push([flat.slice(range[0], range[1]), true]);
      at = range[1];
    });
    if (at < end) runs.push([flat.slice(at, end), false]);
    if (start > 0) runs.unshift(['… ', false]);
    if (end < flat.length) runs.push([' …', false]);
    return runs;
  }
  /** Appends the runs to `parent`: text, and `<mark>` for the matches. */
  function appendRuns(parent, runs) {
    runs.forEach(function (run) {
      if (!run[1]) return parent.appendChild(document.createTextNode(run[0]));
      var mark = document.createElement('mark');
      mark.textContent = run[0];
      parent.appendChild(mark);
    });
  }

  /**
   * The search dialog: a modal dialog holding a combobox (the query) that controls a listbox (the results), the
   * active result named by aria-activedescendant; arrows move, Enter opens, Escape closes and gives the focus back.
   */
  function dialog(options) {
    var engine = new Engine(function (name) {
      return fetch(new URL(name, new URL(options.index, location.href))).then(function (response) {
        if (!response.ok) throw new Error('search: ' + response.status + ' for ' + name);
        return response.json();
      });
    });
    var backdrop = document.createElement('div');
    backdrop.className = 'search-dialog';
    backdrop.hidden = true;
    backdrop.innerHTML =
      '<div class="search-panel" role="dialog" aria-modal="true" aria-labelledby="search-dialog-title">' +
      '<h2 class="sr-only" id="search-dialog-title">Search</h2>' +
      '<div class="search-bar"><input type="text" role="combobox" aria-label="Search the docs" placeholder="Search the docs" aria-autocomplete="list" aria-expanded="false" aria-controls="search-results" autocomplete="off" spellcheck="false">' +
      '<button type="button" class="search-close">Esc<span class="sr-only"> (close the search)</span></button></div>' +
      '<div class="search-results" id="search-results" role="listbox" aria-label="Results"></div>' +
      '<p class="search-status" role="status"></p></div>';
    var panel = backdrop.firstChild;
    var input = panel.querySelector('input');
    var list = panel.querySelector('[role=listbox]');
    var status = panel.querySelector('[role=status]');
    var closeButton = panel.querySelector('.search-close');
    var opener = null;
    var active = -1;
    var asked = 0;
    document.body.appendChild(backdrop);

    function options_() {
      return Array.prototype.slice.call(list.querySelectorAll('[role=option]'));
    }
    function select(index) {
      var all = options_();
      active = all.length ? Math.max(0, Math.min(all.length - 1, index)) : -1;
      all.forEach(function (option, i) {
        option.setAttribute('aria-selected', String(i === active));
      });
      if (active >= 0) {
        input.setAttribute('aria-activedescendant', all[active].id);
        all[active].scrollIntoView({ block: 'nearest' });
      } else input.removeAttribute('aria-activedescendant');
    }
    function show(results, query) {
      list.textContent = '';
      results.forEach(function (result, i) {
        var option = document.createElement('a');
        option.id = 'search-result-' + i;
        option.href = result.url;
        option.tabIndex = -1;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        var title = document.createElement('span');
        title.className = 'search-result-title';
        var inSection = result.heading && result.heading !== result.title;
        appendRuns(title, highlight(inSection ? result.heading : result.title, result.words, false, 200));
        option.appendChild(title);
        if (inSection) {
          var page = document.createElement('span');
          page.className = 'search-result-page';
          appendRuns(page, highlight(result.title, result.words, false, 200));
          option.appendChild(page);
        }
        var excerpt = document.createElement('span');
        excerpt.className = 'search-result-excerpt';
        appendRuns(excerpt, highlight(result.text, result.words, true, 160));
        option.appendChild(excerpt);
        option.addEventListener('click', function () {
          close(false);
        });
        list.appendChild(option);
      });
      input.setAttribute('aria-expanded', String(results.length > 0));
      select(0);
      status.textContent = query ? (results.length ? results.length + (results.length === 1 ? ' result' : ' results') : 'No results for ' + query) : '';
    }
    function run() {
      var query = input.value;
      var ask = ++asked;
      if (!query.trim()) return show([], '');
      var attempt = function () {
        return engine.search(query, 20).then(function (hits) {
          return engine.details(hits);
        });
      };
      // A file that went missing (the site was rebuilt since the manifest was read): read the manifest again, once.
      attempt()
        .catch(function () {
          engine.reset();
          return attempt();
        })
        .then(
          function (results) {
            if (ask === asked) show(results, query);
          },
          function () {
            if (ask === asked) {
              show([], '');
              status.textContent = 'Search is unavailable';
            }
          },
        );
    }
    function open(query, from) {
      if (backdrop.hidden) opener = from || document.activeElement;
      backdrop.hidden = false;
      if (typeof query === 'string' && query) input.value = query;
      input.focus();
      input.select();
      run();
    }
    function close(giveFocusBack) {
      backdrop.hidden = true;
      if (giveFocusBack !== false && opener && opener.focus) opener.focus();
    }
    input.addEventListener('input', run);
    input.addEventListener('keydown', function (event) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        select(active + (event.key === 'ArrowDown' ? 1 : -1));
      } else if (event.key === 'Home' && event.ctrlKey) {
        select(0);
      } else if (event.key === 'End' && event.ctrlKey) {
        select(options_().length - 1);
      } else if (event.key === 'Enter') {
        var chosen = options_()[Math.max(active, 0)];
        if (chosen) {
          event.preventDefault();
          chosen.click();
        }
      }
    });
    closeButton.addEventListener('click', function () {
      close();
    });
    backdrop.addEventListener('click', function (event) {
      if (event.target === backdrop) close();
    });
    backdrop.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close();
      } else if (event.key === 'Tab') {
        // The focus stays in the dialog: the query and the close button.
        event.preventDefault();
        (document.activeElement === input ? closeButton : input).focus();
      }
    });
    return { open: open, close: close, engine: engine };
  }

  global.QuireSearch = { terms: terms, distance: distance, highlight: highlight, Engine: Engine, dialog: dialog };
})(typeof window !== 'undefined' ? window : globalThis);
