// Quire client script: heading aliases, the sidebar's whole tree, search (its button; search.js does the rest), theme toggle, tabs, copy buttons, header menus, feedback and mermaid diagrams. Pages are complete without it.
(function () {
  'use strict';
  var script = document.currentScript;

  /** A script of the site's own, added to the page once it is needed. */
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement('script');
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.appendChild(tag);
    });
  }
  var root = document.documentElement;

  // Heading aliases: an address whose #fragment names a heading the way GitHub or legacy GitBook did (#release-49,
  // #PromptMessage) goes to the heading's id instead, as a fragment navigation (scroll, :target, focus start) that
  // replaces the address, so it is the id that gets copied. Links within the site already use the ids.
  var aliasHolder = document.querySelector('[data-anchor-aliases]');
  if (aliasHolder) {
    var aliases = {};
    try {
      aliases = JSON.parse(aliasHolder.getAttribute('data-anchor-aliases')) || {};
    } catch (e) {
      /* not ours */
    }
    var followAlias = function () {
      var written = location.hash.slice(1);
      var decoded = written;
      try {
        decoded = decodeURIComponent(written);
      } catch (e) {
        /* left as written */
      }
      if (!written || document.getElementById(written) || document.getElementById(decoded)) return;
      var key = decoded.trim().replace(/\s+/g, ' ').toLowerCase();
      var id = Object.prototype.hasOwnProperty.call(aliases, key) ? aliases[key] : key;
      if (document.getElementById(id)) location.replace('#' + encodeURIComponent(id));
    };
    followAlias();
    window.addEventListener('hashchange', followAlias);
  }

  // Theme toggle: light -> dark -> system, remembered per browser.
  var themeListeners = [];
  var toggle = document.querySelector('[data-theme-toggle]');
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener('click', function () {
      var order = ['light', 'dark', 'system'];
      var next = order[(order.indexOf(root.dataset.theme) + 1) % order.length];
      root.dataset.theme = next;
      toggle.setAttribute('aria-label', 'Theme: ' + next);
      try {
        localStorage.setItem('quire-theme', next);
      } catch (e) {
        /* private mode */
      }
      themeListeners.forEach(function (listener) {
        listener();
      });
    });
  }
  if (window.matchMedia) {
    var scheme = window.matchMedia('(prefers-color-scheme: dark)');
    if (scheme.addEventListener)
      scheme.addEventListener('change', function () {
        themeListeners.forEach(function (listener) {
          listener();
        });
      });
  }
  function isDark() {
    return (
      root.dataset.theme === 'dark' || (root.dataset.theme === 'system' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches)
    );
  }

  // Header menus are <details>: one open at a time, closed by Escape or a click elsewhere.
  var menus = Array.prototype.slice.call(document.querySelectorAll('.header-menu'));
  if (menus.length) {
    menus.forEach(function (menu) {
      menu.addEventListener('toggle', function () {
        if (menu.open)
          menus.forEach(function (other) {
            if (other !== menu) other.open = false;
          });
      });
    });
    document.addEventListener('click', function (event) {
      menus.forEach(function (menu) {
        if (menu.open && !menu.contains(event.target)) menu.open = false;
      });
    });
    document.addEventListener('keydown', function (event) {
      if (event.key !== 'Escape') return;
      menus.forEach(function (menu) {
        if (!menu.open) return;
        menu.open = false;
        if (menu.contains(document.activeElement)) menu.querySelector('summary').focus();
      });
    });
  }

  // "Was this page helpful?": the answer is kept in this browser; on a site served by `docs serve` (the widget names
  // the endpoint) it is also posted there as a page feedback event, and an optional comment after it.
  var feedback = document.querySelector('[data-feedback]');
  if (feedback) {
    var feedbackKey = 'quire-feedback:' + location.pathname;
    var feedbackButtons = Array.prototype.slice.call(feedback.querySelectorAll('[data-feedback-value]'));
    var thanks = feedback.querySelector('.feedback-thanks');
    var endpoint = feedback.getAttribute('data-feedback-endpoint');
    var commentForm = feedback.querySelector('.feedback-comment');
    var RATINGS = { yes: 'good', no: 'bad' };
    var answered = function (value, announce) {
      feedbackButtons.forEach(function (b) {
        b.setAttribute('aria-pressed', String(b.dataset.feedbackValue === value));
      });
      if (announce) thanks.textContent = 'Thanks for your feedback.';
    };
    // One random id per tab, as the event's session and visitor: nothing that follows a reader elsewhere.
    var sessionId = function () {
      var id = null;
      try {
        id = sessionStorage.getItem('quire-session');
      } catch (e) {
        /* private mode */
      }
      if (!id) {
        id = Math.random().toString(36).slice(2) + Date.now().toString(36);
        try {
          sessionStorage.setItem('quire-session', id);
        } catch (e) {
          /* private mode */
        }
      }
      return id;
    };
    var send = function (value, comment) {
      var where = JSON.parse(feedback.getAttribute('data-feedback-location'));
      where.url = location.origin + location.pathname;
      where.siteShareKey = null;
      where.revision = null;
      var id = sessionId();
      var event = {
        type: comment ? 'page_post_feedback_comment' : 'page_post_feedback',
        feedback: comment ? { rating: RATINGS[value], comment: comment } : { rating: RATINGS[value] },
        session: { sessionId: id, visitorId: id, cookies: {}, userAgent: '', language: null, referrer: null },
        location: where,
      };
      return fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: [event] }),
        credentials: 'same-origin',
        keepalive: true,
      }).then(
        function (response) {
          return response.ok;
        },
        function () {
          return false;
        },
      );
    };
    var stored = null;
    try {
      stored = localStorage.getItem(feedbackKey);
    } catch (e) {
      /* private mode */
    }
    if (stored) answered(stored, false);
    var canSend = !!(endpoint && window.fetch);
    feedbackButtons.forEach(function (b) {
      b.addEventListener('click', function () {
        var value = b.dataset.feedbackValue;
        var changed = value !== stored;
        stored = value;
        try {
          localStorage.setItem(feedbackKey, b.dataset.feedbackValue);
        } catch (e) {
          /* private mode */
        }
        answered(b.dataset.feedbackValue, true);
        if (!canSend) return;
        commentForm.hidden = false;
        if (changed)
          send(value).then(function (ok) {
            if (!ok) thanks.textContent = 'Thanks. Your answer could not be sent to the site, it stays in this browser.';
          });
      });
    });
    if (canSend)
      commentForm.addEventListener('submit', function (event) {
        event.preventDefault();
        var text = commentForm.querySelector('textarea');
        var comment = text.value.trim();
        if (!comment || !stored) return;
        send(stored, comment).then(function (ok) {
          if (!ok) {
            thanks.textContent = 'Your comment could not be sent; try again.';
            return;
          }
          text.value = '';
          commentForm.hidden = true;
          thanks.textContent = 'Thanks, your comment was sent.';
        });
      });
    feedback.hidden = false;
  }

  // Mermaid: the library (large) loads only on a page that has a diagram; the source stays if it fails.
  var diagrams = Array.prototype.slice.call(document.querySelectorAll('pre.mermaid'));
  if (diagrams.length && script && script.dataset.mermaid) {
    var mermaidLoading = null;
    var drawn = 0;
    var draw = function () {
      var mermaid = window.mermaid;
      mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: isDark() ? 'dark' : 'default' });
      return diagrams.reduce(function (previous, pre) {
        return previous.then(function () {
          return mermaid.render('mermaid-' + drawn++, pre.textContent).then(
            function (result) {
              var figure = pre.nextElementSibling && pre.nextElementSibling.classList.contains('mermaid-diagram') ? pre.nextElementSibling : null;
              if (!figure) {
                figure = document.createElement('div');
                figure.className = 'mermaid-diagram';
                pre.parentNode.insertBefore(figure, pre.nextSibling);
              }
              figure.innerHTML = result.svg;
              pre.hidden = true;
            },
            function () {
              /* invalid diagram: the source stays visible */
            },
          );
        });
      }, Promise.resolve());
    };
    mermaidLoading = loadScript(script.dataset.mermaid).then(draw, function () {
      /* offline: the source stays visible */
    });
    themeListeners.push(function () {
      mermaidLoading = mermaidLoading.then(function () {
        if (window.mermaid) return draw();
      });
    });
  }

  // Narrow screens: the sidebar is off-canvas behind the Menu link (#sidebar, shown by :target without the script);
  // here the link becomes a button that opens it in place, and Escape or Close puts it away.
  var sidebar = document.getElementById('sidebar');
  var menu = document.querySelector('.menu-toggle');
  if (sidebar && menu) {
    var closeLink = sidebar.querySelector('.sidebar-close');
    var setMenu = function (open, focus) {
      sidebar.classList.toggle('open', open);
      // Opened by its address (#sidebar, as without the script): closing drops the address's fragment too, and
      // `shut` hides it (:target stays until the next fragment navigation).
      sidebar.classList.toggle('shut', !open);
      if (!open && location.hash === '#sidebar') history.replaceState(history.state, '', location.pathname + location.search);
      menu.setAttribute('aria-expanded', String(open));
      if (open && focus && closeLink) closeLink.focus();
      if (!open && focus) menu.focus();
    };
    var isOpen = function () {
      return sidebar.classList.contains('open') || (location.hash === '#sidebar' && !sidebar.classList.contains('shut'));
    };
    menu.setAttribute('role', 'button');
    menu.setAttribute('aria-expanded', String(isOpen()));
    menu.addEventListener('click', function (event) {
      event.preventDefault();
      setMenu(!isOpen(), true);
    });
    menu.addEventListener('keydown', function (event) {
      if (event.key === ' ') {
        event.preventDefault();
        menu.click();
      }
    });
    if (closeLink) {
      closeLink.setAttribute('role', 'button');
      closeLink.addEventListener('click', function (event) {
        event.preventDefault();
        setMenu(false, true);
      });
    }
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && isOpen()) setMenu(false, true);
    });
    window.addEventListener('hashchange', function () {
      if (location.hash === '#sidebar') sidebar.classList.remove('shut');
      menu.setAttribute('aria-expanded', String(isOpen()));
    });
  }

  // Sidebar folds: the reader's own opening and closing is kept in this browser, by entry id (the page's inline
  // script applies it before the sidebar is painted); the current page's path is always open.
  var foldKey = 'quire-nav';
  var readFolds = function () {
    try {
      return JSON.parse(localStorage.getItem(foldKey) || '{}') || {};
    } catch (e) {
      return {};
    }
  };
  var foldId = function (details) {
    return details.getAttribute('data-group') || details.getAttribute('data-sub');
  };
  if (sidebar) {
    sidebar.addEventListener('click', function (event) {
      var summary = event.target.closest && event.target.closest('details.nav-fold > summary');
      if (!summary) return;
      var details = summary.parentNode;
      var folds = readFolds();
      folds[foldId(details)] = !details.open;
      try {
        localStorage.setItem(foldKey, JSON.stringify(folds));
      } catch (e) {
        /* private mode */
      }
    });
  }
  var restoreFolds = function (tree, current) {
    var folds = readFolds();
    tree.querySelectorAll('details.nav-fold').forEach(function (details) {
      var id = foldId(details);
      if (Object.prototype.hasOwnProperty.call(folds, id)) details.open = !!folds[id];
    });
    for (var node = current; node && node !== tree; node = node.parentNode) {
      if (node.tagName === 'DETAILS') {
        node.open = true;
        node.setAttribute('data-path', '');
      }
    }
    var own = current && current.parentNode && current.parentNode.querySelector(':scope > details.nav-fold');
    if (own) {
      own.open = true;
      own.setAttribute('data-path', '');
    }
  };

  // A big space's page carries its part of the sidebar (the top level, its section, its children); the whole tree is
  // one file named by its contents (cached once for the whole site), which replaces that part here. The current
  // entry stays where it was on the screen, and keeps the focus if it had it.
  var navHolder = document.querySelector('nav[data-nav-src]');
  if (navHolder && window.fetch) {
    fetch(navHolder.getAttribute('data-nav-src'))
      .then(function (response) {
        if (!response.ok) throw new Error('sidebar: ' + response.status);
        return response.text();
      })
      .then(function (text) {
        var template = document.createElement('template');
        template.innerHTML = text;
        var tree = template.content.querySelector('.nav-list');
        var part = navHolder.querySelector(':scope > .nav-list');
        if (!tree || !part) return;
        var current = part.querySelector('[aria-current="page"]');
        var focused = navHolder.contains(document.activeElement) ? document.activeElement.getAttribute('href') : null;
        var before = current ? current.getBoundingClientRect().top : 0;
        var same = current && tree.querySelector('[data-nav="' + current.getAttribute('data-nav').replace(/["\\]/g, '\\$&') + '"]');
        if (same) same.setAttribute('aria-current', 'page');
        restoreFolds(tree, same);
        navHolder.replaceChild(tree, part);
        navHolder.setAttribute('data-nav-filled', '');
        var scroller = navHolder.closest('.sidebar');
        if (same && scroller) scroller.scrollTop += same.getBoundingClientRect().top - before;
        if (focused) {
          var again = same && same.getAttribute('href') === focused ? same : tree.querySelector('a[href="' + focused.replace(/["\\]/g, '\\$&') + '"]');
          if (again) again.focus({ preventScroll: true });
        }
      })
      .catch(function () {
        /* the page's part of the sidebar stays: every entry is still reachable through it */
      });
  }

  // "On this page" follows the reading: the heading last scrolled past the top (the last one at the page's end) is
  // marked current in both outlines (beside the content, and folded above it on a narrow screen).
  var outlineLinks = Array.prototype.slice.call(document.querySelectorAll('.outline a[href^="#"], .outline-compact a[href^="#"]'));
  if (outlineLinks.length && window.IntersectionObserver) {
    var headings = [];
    var targetOf = function (a) {
      var written = a.getAttribute('href').slice(1);
      try {
        return decodeURIComponent(written);
      } catch (e) {
        return written;
      }
    };
    outlineLinks.forEach(function (a) {
      var id = targetOf(a);
      var heading = document.getElementById(id);
      if (heading && headings.indexOf(heading) < 0) headings.push(heading);
    });
    var marked = null;
    var follow = function () {
      var top = parseFloat(getComputedStyle(root).scrollPaddingTop) || 0;
      var current = null;
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = headings[headings.length - 1];
      else
        headings.forEach(function (heading) {
          if (heading.getBoundingClientRect().top <= top + 8) current = heading;
        });
      if (current === marked) return;
      marked = current;
      outlineLinks.forEach(function (a) {
        if (current && targetOf(a) === current.id) a.setAttribute('aria-current', 'true');
        else a.removeAttribute('aria-current');
      });
    };
    var observer = new IntersectionObserver(follow, { rootMargin: '0px 0px -50% 0px', threshold: [0, 1] });
    headings.forEach(function (heading) {
      observer.observe(heading);
    });
    var pending = false;
    window.addEventListener(
      'scroll',
      function () {
        if (pending) return;
        pending = true;
        requestAnimationFrame(function () {
          pending = false;
          follow();
        });
      },
      { passive: true },
    );
    follow();
  }

  // Tabs: panels become a tab list; the choice is shared by tab sets with the same titles.
  document.querySelectorAll('[data-tabs]').forEach(function (tabs, n) {
    var panels = Array.prototype.slice.call(tabs.querySelectorAll(':scope > .tab-panel'));
    if (panels.length === 0) return;
    var list = document.createElement('div');
    list.className = 'tablist';
    list.setAttribute('role', 'tablist');
    var buttons = panels.map(function (panel, i) {
      var button = document.createElement('button');
      button.type = 'button';
      button.id = 'tab-' + n + '-' + i;
      button.setAttribute('role', 'tab');
      button.textContent = panel.dataset.title || 'Tab ' + (i + 1);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', button.id);
      button.addEventListener('click', function () {
        select(i);
      });
      button.addEventListener('keydown', function (event) {
        var to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: panels.length - 1 }[event.key];
        if (to !== undefined) {
          event.preventDefault();
          to = (to + panels.length) % panels.length;
          select(to);
          buttons[to].focus();
        }
      });
      list.appendChild(button);
      return button;
    });
    function select(index) {
      buttons.forEach(function (b, i) {
        b.setAttribute('aria-selected', String(i === index));
        b.tabIndex = i === index ? 0 : -1;
        panels[i].hidden = i !== index;
      });
      // The tab list scrolls sideways on a narrow screen: the chosen tab is brought into it.
      if (list.scrollWidth > list.clientWidth) {
        var box = buttons[index].getBoundingClientRect();
        list.scrollLeft += box.left - list.getBoundingClientRect().left - (list.clientWidth - box.width) / 2;
      }
    }
    tabs.insertBefore(list, tabs.firstChild);
    tabs.classList.add('enhanced');
    select(0);
  });

  // Copy buttons on code blocks.
  if (navigator.clipboard) {
    document.querySelectorAll('.code-block').forEach(function (block) {
      var code = block.querySelector('pre');
      if (!code) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy-button';
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy code');
      button.addEventListener('click', function () {
        navigator.clipboard.writeText(code.innerText.replace(/\n$/, '')).then(function () {
          button.textContent = 'Copied';
          setTimeout(function () {
            button.textContent = 'Copy';
          }, 1500);
        });
      });
      block.appendChild(button);
    });
  }

  // Search: its script (templates/search.js) loads on first use, then the parts of the index a query needs.
  var searchButton = document.querySelector('[data-search]');
  if (!searchButton || !script) return;
  searchButton.hidden = false;
  var searchDialog = null;
  function searchReady() {
    searchDialog =
      searchDialog ||
      loadScript(script.dataset.searchScript).then(function () {
        return window.QuireSearch.dialog({ index: script.dataset.searchIndex });
      });
    return searchDialog;
  }
  // The script is small: it loads with the page, so the dialog opens at once; the index waits for a query.
  searchReady().catch(function () {
    searchDialog = null;
  });
  function open(query) {
    var from = document.activeElement;
    searchReady().then(
      function (dialog) {
        dialog.open(query, from);
      },
      function () {
        searchDialog = null;
      },
    );
  }
  searchButton.addEventListener('click', function () {
    open();
  });
  document.addEventListener('keydown', function (event) {
    if ((event.key === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !/input|textarea/i.test(document.activeElement.tagName))) {
      event.preventDefault();
      open();
    }
  });
  document.querySelectorAll('button[data-action="search"]').forEach(function (b) {
    b.addEventListener('click', function () {
      open(b.dataset.query || '');
    });
  });
})();
