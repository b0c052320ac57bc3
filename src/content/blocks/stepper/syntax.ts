/** `{% stepper %}` `{% step %}` ... `{% endstep %}` ... `{% endstepper %}` */
import type { BlockContent, Parent } from 'mdast';
import { endTag, formatTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

export interface Stepper extends Parent {
  type: 'stepper';
  children: Step[];
}

export interface Step extends Parent {
  type: 'step';
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    stepper: Stepper;
    step: Step;
  }
  interface BlockContentMap {
    stepper: Stepper;
  }
}

export const stepper: BlockModule = {
  specs: [
    {
      tag: 'stepper',
      end: 'required',
      build: (_tag, children) => (children?.every((child) => child.type === 'step') ? { type: 'stepper', children: children as Step[] } : undefined),
    },
    {
      tag: 'step',
      end: 'required',
      build: (_tag, children) => (children ? { type: 'step', children: children as BlockContent[] } : undefined),
    },
  ],
  handlers: {
    stepper: (node: Stepper, _p, state, info) => wrapFlow(formatTag('stepper'), endTag('stepper'), node, state, info),
    step: (node: Step, _p, state, info) => wrapFlow(formatTag('step'), endTag('step'), node, state, info),
  },
};
