/**
 * Block images: `<figure><img src alt [width]><figcaption><p>caption</p></figcaption></figure>`, and the
 * dark/light form with `<picture><source srcset media="(prefers-color-scheme: dark)"><img ...></picture>`.
 * A `<div align="left|center|right">`, `<div data-full-width="…">` or `<div data-with-frame="…">` around the figure
 * holds the images block's options. Only figures written exactly in GitBook's form become `figure` nodes; anything
 * else stays `html`.
 */
import type { Html, Node } from 'mdast';
import type { BlockModule } from '../spec.js';
import { decodeEntities, encodeAttribute, htmlAttr, htmlAttributes, sameHtml } from '../html.js';

export interface Figure extends Node {
  type: 'figure';
  /** Attribute values decoded (`&#x26;` -> `&`). */
  src: string;
  srcDark?: string;
  alt: string;
  width?: string;
  /** The caption's inner HTML as written inside `<p>`, or null for `<figcaption></figcaption>`. */
  caption: string | null;
  /** The option of the `<div>` written around the figure, if any. */
  align?: 'left' | 'center' | 'right';
  fullWidth?: boolean;
  withFrame?: boolean;
}

declare module 'mdast' {
  interface RootContentMap {
    figure: Figure;
  }
  interface BlockContentMap {
    figure: Figure;
  }
}

const FIGURE =
  /^<figure>(?:<picture><source srcset="([^"]*)" media="\(prefers-color-scheme: dark\)">)?<img ([^>]*)>(?:<\/picture>)?<figcaption>(?:<p>([\s\S]*)<\/p>)?<\/figcaption><\/figure>$/;

const WRAPPER = /^<div (?:align="(left|center|right)"|data-full-width="(true|false)"|data-with-frame="(true|false)")>(<figure>[\s\S]*<\/figure>)<\/div>$/;

/** The typed figure of an `html` node, or undefined when it is not exactly GitBook's figure. */
export function figureFromHtml(node: Html): Figure | undefined {
  const wrapper = WRAPPER.exec(node.value);
  if (!wrapper) return bareFigure(node.value);
  const figure = bareFigure(wrapper[4] as string);
  if (!figure) return undefined;
  if (wrapper[1] !== undefined) figure.align = wrapper[1] as Figure['align'];
  if (wrapper[2] !== undefined) figure.fullWidth = wrapper[2] === 'true';
  if (wrapper[3] !== undefined) figure.withFrame = wrapper[3] === 'true';
  return sameHtml(figureHtml(figure), node.value) ? figure : undefined;
}

function bareFigure(html: string): Figure | undefined {
  const match = FIGURE.exec(html);
  if (!match) return undefined;
  const attributes = htmlAttributes(match[2] as string);
  const keys = attributes.map(([key]) => key).join(',');
  if (keys !== 'src,alt' && keys !== 'src,alt,width') return undefined;
  const figure: Figure = {
    type: 'figure',
    src: decodeEntities(htmlAttr(attributes, 'src') ?? ''),
    alt: decodeEntities(htmlAttr(attributes, 'alt') ?? ''),
    caption: match[3] ?? null,
  };
  const width = htmlAttr(attributes, 'width');
  if (width !== undefined) figure.width = width;
  if (match[1] !== undefined) figure.srcDark = decodeEntities(match[1]);
  if (figure.caption?.includes('</p>')) return undefined;
  return sameHtml(figureHtml(figure), html) ? figure : undefined;
}

export function figureHtml(node: Figure): string {
  const img = `<img src="${encodeAttribute(node.src)}" alt="${encodeAttribute(node.alt)}"${node.width !== undefined ? ` width="${node.width}"` : ''}>`;
  const picture =
    node.srcDark !== undefined ? `<picture><source srcset="${encodeAttribute(node.srcDark)}" media="(prefers-color-scheme: dark)">${img}</picture>` : img;
  const caption = node.caption === null ? '' : `<p>${node.caption}</p>`;
  const figure = `<figure>${picture}<figcaption>${caption}</figcaption></figure>`;
  const option =
    node.align !== undefined
      ? ` align="${node.align}"`
      : node.fullWidth !== undefined
        ? ` data-full-width="${String(node.fullWidth)}"`
        : node.withFrame !== undefined
          ? ` data-with-frame="${String(node.withFrame)}"`
          : '';
  return option ? `<div${option}>${figure}</div>` : figure;
}

export const images: BlockModule = {
  specs: [],
  handlers: {
    figure: (node: Figure) => figureHtml(node),
  },
};
