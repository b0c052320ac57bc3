import { describe, expect, it } from 'vitest';
import type { RootContent } from 'mdast';
import { markdownOf, parseMarkdown } from '../../../src/content/markdown/index.js';
import { isGitBookNode } from '../../../src/content/nodes.js';
import type { Tabs } from '../../../src/content/blocks/index.js';

/** Parse `text`, expect the first node to have `type`, and expect writing it back to give `text`. */
function roundTrip(text: string, type: string): RootContent {
  const root = parseMarkdown(text);
  const first = root.children[0] as RootContent;
  expect(first.type).toBe(type);
  expect(markdownOf(root)).toBe(text);
  return first;
}

describe('GitBook blocks', () => {
  it('hint', () => {
    const node = roundTrip('{% hint style="warning" icon="books" %}\nCareful **now**.\n\nTwo paragraphs.\n{% endhint %}\n', 'hint');
    expect(node).toMatchObject({ style: 'warning', icon: 'books' });
    expect(isGitBookNode(node)).toBe(true);
    if (node.type === 'hint') expect(node.children.map((c) => c.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('tabs with tabs', () => {
    const node = roundTrip(
      '{% tabs %}\n{% tab title="Windows" icon="windows" %}\nA\n{% endtab %}\n\n{% tab title="Mac" %}\n* x\n* y\n{% endtab %}\n{% endtabs %}\n',
      'tabs',
    );
    if (node.type !== 'tabs') throw new Error('not tabs');
    expect(node.children.map((tab) => [tab.type, tab.title, tab.icon])).toEqual([
      ['tab', 'Windows', 'windows'],
      ['tab', 'Mac', undefined],
    ]);
  });

  it('code options', () => {
    const node = roundTrip('{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n```js\nlet a = 1;\n```\n{% endcode %}\n', 'codeBlock');
    expect(node).toMatchObject({ title: 'index.js', overflow: 'wrap', lineNumbers: true, children: [{ type: 'code', lang: 'js' }] });
  });

  it('embed, with and without caption', () => {
    expect(roundTrip('{% embed url="https://x.test/v" %}\n', 'embed')).toMatchObject({ url: 'https://x.test/v', children: [] });
    const captioned = roundTrip('{% embed url="https://x.test/v" fullWidth="false" %}\nA caption\n{% endembed %}\n', 'embed');
    expect(captioned).toMatchObject({ fullWidth: false, children: [{ type: 'paragraph' }] });
  });

  it('content-ref and legacy page-ref', () => {
    expect(roundTrip('{% content-ref url="page.md" %}\n[page.md](page.md)\n{% endcontent-ref %}\n', 'contentRef')).toMatchObject({ url: 'page.md' });
    expect(roundTrip('{% page-ref page="other.md" %}\n', 'pageRef')).toMatchObject({ page: 'other.md' });
  });

  it('file, with and without caption', () => {
    expect(roundTrip('{% file src="../.gitbook/assets/a b.pdf" %}\n', 'file')).toMatchObject({ src: '../.gitbook/assets/a b.pdf' });
    expect(roundTrip('{% file src="x.pdf" %}\nThe caption\n{% endfile %}\n', 'file')).toMatchObject({ children: [{ type: 'paragraph' }] });
  });

  it('openapi blocks keep their body verbatim', () => {
    expect(
      roundTrip(
        '{% openapi-operation spec="pets" path="/pets/{id}" method="get" %}\n[OpenAPI pets](https://x.test/a_b.json)\n{% endopenapi-operation %}\n',
        'openapiOperation',
      ),
    ).toMatchObject({ spec: 'pets', path: '/pets/{id}', method: 'get' });
    expect(roundTrip('{% openapi src="../a_b.yaml" path="/v1" method="post" %}\n[a_b.yaml](../a_b.yaml)\n{% endopenapi %}\n', 'openapi')).toMatchObject({
      tag: 'openapi',
      src: '../a_b.yaml',
    });
    expect(roundTrip('{% swagger src="s.yml" path="/x" method="get" %}\n[s.yml](s.yml)\n{% endswagger %}\n', 'openapi')).toMatchObject({ tag: 'swagger' });
    expect(
      roundTrip(
        '{% openapi-schemas spec="petstore" schemas="Pet,Tag" grouped="false" %}\n[OpenAPI petstore](https://x.test)\n{% endopenapi-schemas %}\n',
        'openapiSchemas',
      ),
    ).toMatchObject({ schemas: ['Pet', 'Tag'], grouped: false });
  });

  it('legacy swagger family', () => {
    const text =
      '{% swagger method="get" path="/x" baseUrl="https://a.test" summary="S" %}\n{% swagger-description %}\nD\n{% endswagger-description %}\n\n{% swagger-parameter in="path" name="id" type="String" required="true" %}\nThe id\n{% endswagger-parameter %}\n\n{% swagger-response status="200: OK" description="" %}\n```javascript\n{}\n```\n{% endswagger-response %}\n{% endswagger %}\n';
    const node = roundTrip(text, 'swagger');
    if (node.type !== 'swagger') throw new Error('not swagger');
    expect(node.children.map((c) => c.type)).toEqual(['swaggerDescription', 'swaggerParameter', 'swaggerResponse']);
  });

  it('stepper, columns, updates', () => {
    const stepper = roundTrip(
      '{% stepper %}\n{% step %}\n#### One\n\nDo it.\n{% endstep %}\n\n{% step %}\n#### Two\n{% endstep %}\n{% endstepper %}\n',
      'stepper',
    );
    expect(stepper).toMatchObject({ children: [{ type: 'step' }, { type: 'step' }] });
    const columns = roundTrip(
      '{% columns %}\n{% column width="50%" %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}\n',
      'columns',
    );
    expect(columns).toMatchObject({ children: [{ type: 'column', width: '50%' }, { type: 'column' }] });
    const updates = roundTrip(
      '{% updates format="full" %}\n{% update date="2025-12-25" tags="beta,api" %}\n## New\n{% endupdate %}\n{% endupdates %}\n',
      'updates',
    );
    expect(updates).toMatchObject({ format: 'full', children: [{ type: 'update', date: '2025-12-25', tags: ['beta', 'api'] }] });
  });

  it('if, prompt, include', () => {
    expect(roundTrip('{% if visitor.claims.unsigned.beta %}\nBeta only.\n{% endif %}\n', 'conditional')).toMatchObject({
      condition: 'visitor.claims.unsigned.beta',
    });
    expect(roundTrip('{% prompt description="Ask" openInAIProviders="true" %}\n```\nWrite docs\n```\n{% endprompt %}\n', 'prompt')).toMatchObject({
      description: 'Ask',
      openInAIProviders: true,
    });
    expect(roundTrip('{% include "../.gitbook/includes/x.md" %}\n', 'include')).toMatchObject({ value: '../.gitbook/includes/x.md' });
  });

  it('blocks nest inside list items and other blocks', () => {
    // An item with blank lines between its blocks is indented to 4 columns, as GitBook writes it.
    const text = '*   Item\n\n    {% hint style="info" %}\n    Inside\n    {% endhint %}\n* Next\n';
    const root = parseMarkdown(text);
    expect(JSON.stringify(root)).toContain('"type":"hint"');
    expect(markdownOf(root)).toBe(text);
  });

  it('a tag right under an HTML block is still a tag', () => {
    const text = '{% step %}\n<figure><img src="a.png" alt=""><figcaption></figcaption></figure>\n{% endstep %}\n';
    expect(parseMarkdown(text).children[0]?.type).toBe('step');
  });

  it('unknown or unclosed tags stay as written', () => {
    roundTrip('{% hint style="info" %}\n\nnever closed\n', 'liquidTag');
    roundTrip('{% unknown thing %}\n', 'liquidTag');
  });
});

describe('code is never parsed for blocks', () => {
  it('fenced and indented code keep their tags', () => {
    const text = '```liquid\n{% hint style="info" %}\n{% endhint %}\n```\n\n    {% include "x.md" %}\n';
    const root = parseMarkdown(text);
    expect(root.children.map((c) => c.type)).toEqual(['code', 'code']);
    expect(root.children[0]).toMatchObject({ value: '{% hint style="info" %}\n{% endhint %}' });
  });

  it('inline code keeps its tags', () => {
    const root = parseMarkdown('Use `{% hint style="info" %}` to start.\n');
    expect(root.children[0]).toMatchObject({
      type: 'paragraph',
      children: [{ type: 'text' }, { type: 'inlineCode', value: '{% hint style="info" %}' }, { type: 'text' }],
    });
  });
});

describe('HTML constructs', () => {
  it('expandable', () => {
    const node = roundTrip('<details open>\n\n<summary>Why?</summary>\n\nBecause.\n\n</details>\n', 'expandable');
    expect(node).toMatchObject({ open: true, summary: 'Why?', children: [{ type: 'paragraph' }] });
  });

  it('figure images', () => {
    const node = roundTrip('<figure><img src="../a &#x26; b.png" alt="A" width="375"><figcaption><p>Cap</p></figcaption></figure>\n', 'figure');
    expect(node).toMatchObject({ src: '../a & b.png', alt: 'A', width: '375', caption: 'Cap' });
    roundTrip('<figure><img src="x.png" alt=""><figcaption></figcaption></figure>\n', 'figure');
    const wrapped = roundTrip('<div align="left"><figure><img src="x.png" alt=""><figcaption></figcaption></figure></div>\n', 'figure');
    expect(wrapped).toMatchObject({ src: 'x.png', align: 'left' });
    roundTrip('<div data-with-frame="true"><figure><img src="x.png" alt=""><figcaption></figcaption></figure></div>\n', 'figure');
    roundTrip('<div class="x"><figure><img src="x.png" alt=""><figcaption></figcaption></figure></div>\n', 'html');
  });

  it('cards', () => {
    const text =
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>A</td><td><a href="a.md">a.md</a></td></tr></tbody></table>\n';
    roundTrip(text, 'cards');
  });

  it('heading anchors, buttons, icons, expressions, marks, emoji', () => {
    const heading = roundTrip('## Title <a href="#my-id" id="my-id"></a>\n', 'heading');
    expect(heading).toMatchObject({ id: 'my-id', children: [{ type: 'text', value: 'Title' }] });
    const text =
      'A <a href="https://x.test" class="button primary" data-icon="github">Go</a> <i class="fa-github">:github:</i> <code class="expression">space.vars.x</code> <mark style="color:red;">red</mark> <span data-gb-custom-inline data-tag="emoji" data-code="2705">✅</span>\n';
    const paragraph = roundTrip(text, 'paragraph');
    if (paragraph.type !== 'paragraph') throw new Error('not paragraph');
    expect(paragraph.children.map((c) => c.type).filter((t) => t !== 'text')).toEqual(['button', 'icon', 'expression', 'mark', 'emoji']);
  });
});

describe('GitBook normalisation', () => {
  it('writes GitBook style from other styles', () => {
    const root = parseMarkdown('- a\n- *b* __c__\n\n---\n\n1. one\n   - two\n');
    expect(markdownOf(root)).toBe('* a\n* _b_ **c**\n\n***\n\n1. one\n   * two\n');
  });

  it('keeps bare URLs as text and escapes underscores like GitBook', () => {
    const text = 'See https://x.test/a and [https://y.test](https://y.test) for client\\_id.\n';
    expect(markdownOf(parseMarkdown(text))).toBe(text);
  });
});

describe('attribute values', () => {
  it("read GitBook's markdown escapes as the text they stand for, keep the tag as written, and escape what needs it", () => {
    const tabs = '{% tabs %}\n{% tab title="A \\(B\\)" %}\nx\n{% endtab %}\n{% endtabs %}\n';
    const root = parseMarkdown(tabs);
    expect((root.children[0] as Tabs).children[0]!.title).toBe('A (B)');
    expect(markdownOf(root)).toBe(tabs);
    const windows = parseMarkdown('{% tab title="C:\\Users\\me\\.ssh" %}\nx\n{% endtab %}\n');
    expect(JSON.stringify(windows)).toContain('C:\\\\Users\\\\me\\\\.ssh');
    const tab = (root.children[0] as Tabs).children[0]!;
    tab.title = 'a\\*';
    tab.data = {};
    expect(parseMarkdown(markdownOf(root)).children[0]).toMatchObject({ children: [{ title: 'a\\*' }] });
  });
});
