/** Images and figures (`<figure><img><figcaption>`, light and dark), and drawings. */
import type { Block } from '../block.js';
import { images as document } from './document.js';
import { drawing } from './drawing.js';
import { figure } from './render.js';
import { images as syntax } from './syntax.js';

export const images: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document, drawing], render: () => ({ figure }) };
