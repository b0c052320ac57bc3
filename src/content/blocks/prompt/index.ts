/** `{% prompt %}`: a prompt a reader copies into an assistant (no document block in the 0.143 model). */
import type { Block } from '../block.js';
import { prompt as render } from './render.js';
import { prompt as syntax } from './syntax.js';

export const prompt: Block = { syntax: () => ({ modules: [syntax] }), render: () => ({ prompt: render }) };
