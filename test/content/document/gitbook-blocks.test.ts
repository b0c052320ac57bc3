import { describe, expect, it } from 'vitest';
import { documentRoundTrip } from '../../../src/content/document/index.js';
import { blocksOf, isEscaped, leavesOf, throughDocument, throughMarkdown } from './helpers.js';

const same = (markdown: string) => expect(throughDocument(markdown)).toBe(markdown);

describe('GitBook blocks', () => {
  it('maps hints, keeping the style', () => {
    const markdown = '{% hint style="warning" %}\n#### A heading\n\n**Careful** here.\n{% endhint %}\n';
    const [hint] = blocksOf(markdown);
    expect(hint).toMatchObject({ type: 'hint', data: { style: 'warning' }, nodes: [{ type: 'heading-3' }, { type: 'paragraph' }] });
    same(markdown);
  });

  it('escapes a hint whose content the spec does not allow in hints (code), keeping its markdown', () => {
    const markdown = '{% hint style="info" %}\nRun:\n\n```sh\nnpm i\n```\n{% endhint %}\n';
    const [escaped] = blocksOf(markdown);
    expect(isEscaped(escaped)).toBe(true);
    expect(escaped!.data.markdown).toBe(markdown.trimEnd());
    same(markdown);
  });

  it('maps tabs to tabs-item blocks with titles', () => {
    const markdown = '{% tabs %}\n{% tab title="Ruby" %}\n```ruby\nx\n```\n{% endtab %}\n\n{% tab title="Elixir" %}\nText\n{% endtab %}\n{% endtabs %}\n';
    const [tabs] = blocksOf(markdown);
    expect(tabs).toMatchObject({
      type: 'tabs',
      nodes: [
        { type: 'tabs-item', data: { title: 'Ruby' }, nodes: [{ type: 'code', data: { syntax: 'ruby' } }] },
        { type: 'tabs-item', data: { title: 'Elixir' }, nodes: [{ type: 'paragraph' }] },
      ],
    });
    same(markdown);
  });

  it('maps code options onto the code block', () => {
    const markdown = '{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n```javascript\nlet a;\n```\n{% endcode %}\n';
    const [code] = blocksOf(markdown);
    expect(code).toMatchObject({ type: 'code', data: { syntax: 'javascript', title: 'index.js', overflow: 'wrap', lineNumbers: true } });
    same(markdown);
  });

  it('maps steppers', () => {
    const markdown = '{% stepper %}\n{% step %}\n#### First\n\nDo it.\n{% endstep %}\n\n{% step %}\nThen this.\n{% endstep %}\n{% endstepper %}\n';
    const [stepper] = blocksOf(markdown);
    expect(stepper).toMatchObject({ type: 'stepper', nodes: [{ type: 'stepper-step' }, { type: 'stepper-step' }] });
    same(markdown);
  });

  it('maps embeds, files, content refs and includes', () => {
    const markdown = `${[
      '{% embed url="https://www.youtube.com/watch?v=x" %}',
      '{% embed url="https://x.com" %}\nA caption\n{% endembed %}',
      '{% file src=".gitbook/assets/a.pdf" %}',
      '{% content-ref url="page-link.md" %}\n[page-link.md](page-link.md)\n{% endcontent-ref %}',
      '{% include "../.gitbook/includes/block.md" %}',
    ].join('\n\n')}\n`;
    const [embed, captioned, file, contentRef, include] = blocksOf(markdown);
    expect(embed).toMatchObject({ type: 'embed', isVoid: true, data: { url: 'https://www.youtube.com/watch?v=x' } });
    expect(captioned!.fragments[0]).toMatchObject({ fragment: 'caption', nodes: [{ type: 'paragraph' }] });
    expect(file).toMatchObject({ type: 'file', isVoid: true, data: { ref: { kind: 'file', file: '.gitbook/assets/a.pdf' } } });
    expect(contentRef).toMatchObject({ type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: 'page-link.md' } } });
    expect(include).toMatchObject({
      type: 'reusable-content',
      isVoid: true,
      data: { ref: { kind: 'reusable-content', reusableContent: '../.gitbook/includes/block.md' } },
    });
    same(markdown);
  });

  it('maps OpenAPI blocks', () => {
    const markdown = `${[
      '{% openapi-operation spec="petstore" path="/pet" method="post" %}\n[OpenAPI petstore](https://x/petstore.json)\n{% endopenapi-operation %}',
      '{% openapi src="https://x/spec.yaml" path="/pets" method="get" %}\n[spec.yaml](https://x/spec.yaml)\n{% endopenapi %}',
      '{% openapi-schemas spec="petstore" schemas="Pet,Tag" grouped="false" %}\n[OpenAPI petstore](https://x)\n{% endopenapi-schemas %}',
    ].join('\n\n')}\n`;
    const [operation, src, schemas] = blocksOf(markdown);
    expect(operation).toMatchObject({ type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pet', method: 'post' } });
    expect(src).toMatchObject({ type: 'swagger', data: { ref: { kind: 'url', url: 'https://x/spec.yaml' }, path: '/pets', method: 'get' } });
    expect(schemas).toMatchObject({ type: 'openapi-schemas', data: { schemas: ['Pet', 'Tag'], grouped: false } });
    same(markdown);
  });

  it('maps figures to images with a caption fragment', () => {
    const markdown = '<figure><img src=".gitbook/assets/a &#x26; b.png" alt="ALT" width="375"><figcaption><p>A caption</p></figcaption></figure>\n';
    const [images] = blocksOf(markdown);
    expect(images).toMatchObject({
      type: 'images',
      nodes: [{ type: 'image', isVoid: true, data: { ref: { kind: 'url', url: '.gitbook/assets/a & b.png' }, alt: 'ALT', width: 375 } }],
    });
    expect(leavesOf(images!.nodes[0].fragments[0])).toEqual([['A caption', []]]);
    same(markdown);
    same(
      '<figure><picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt=""></picture><figcaption></figcaption></figure>\n',
    );
  });

  it('maps <details> to an expandable with title and body fragments', () => {
    const markdown = '<details>\n\n<summary>Why <code>x</code>?</summary>\n\nBecause.\n\n</details>\n';
    const [expandable] = blocksOf(markdown);
    expect(expandable).toMatchObject({ type: 'expandable', isVoid: true, data: {} });
    expect(expandable!.fragments.map((f: { fragment: string }) => f.fragment)).toEqual(['expandable-title', 'expandable-body']);
    expect(leavesOf(expandable!.fragments[0])).toEqual([
      ['Why ', []],
      ['x', ['code']],
      ['?', []],
    ]);
    same(markdown);
  });

  it('escapes blocks the 0.143.2 spec has no place for (columns, updates, prompts, conditions)', () => {
    const markdown = '{% columns %}\n{% column %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}\n';
    const [columns] = blocksOf(markdown);
    expect(isEscaped(columns)).toBe(true);
    same(markdown);
    same('{% if visitor.claims.unsigned.premium %}\nHello\n{% endif %}\n');
  });
});

describe('drawings', () => {
  it('maps a drawing image to a drawing block', () => {
    const markdown = '<img src=".gitbook/assets/file.drawing.svg" alt="A drawing" class="gitbook-drawing">\n';
    const [drawing] = blocksOf(markdown);
    expect(drawing).toMatchObject({
      type: 'drawing',
      isVoid: true,
      data: { ref: { kind: 'file', file: '.gitbook/assets/file.drawing.svg' }, alt: 'A drawing' },
    });
    same(markdown);
  });
});

describe('the escape hatch inside containers', () => {
  it('escapes only the child a container may not hold, and writes it back in place', () => {
    const markdown = '* Step one\n\n  <figure><img src="a.png" alt=""><figcaption></figcaption></figure>\n* Step two\n';
    const [list] = blocksOf(markdown);
    expect(list!.type).toBe('list-unordered');
    const [paragraph, escaped] = list!.nodes[0].nodes;
    expect(paragraph.type).toBe('paragraph');
    expect(isEscaped(escaped)).toBe(true);
    expect(escaped.data.markdown).toBe('<figure><img src="a.png" alt=""><figcaption></figcaption></figure>');
    expect(throughDocument(markdown)).toBe(throughMarkdown(markdown));
  });

  it('reads an apostrophe in an attribute as written or escaped as GitBook escapes it, and writes back what was read', () => {
    for (const markdown of [
      'Text <img src="a.png" alt="it\'s" data-size="line"> more\n',
      'Text <img src="a.png" alt="it&#x27;s" data-size="line"> more\n',
      '<figure><img src="a.png" alt="it\'s"><figcaption><p>Cap</p></figcaption></figure>\n',
    ]) {
      const blocks = blocksOf(markdown);
      expect(blocks.some(isEscaped), markdown).toBe(false);
      expect(documentRoundTrip(markdown), markdown).toBe(markdown);
    }
  });
});
