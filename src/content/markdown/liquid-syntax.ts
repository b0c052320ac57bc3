/**
 * Syntax for GitBook's Liquid block tags: a line holding exactly one `{% ... %}` becomes a `liquidTag`
 * node. It is a flow construct, so tags in fenced, indented or inline code are never seen; it may
 * interrupt a paragraph (GitBook writes `{% endhint %}` right after the last line of text).
 */
import type { CompileContext, Extension as FromMarkdownExtension, Token as MdastToken } from 'mdast-util-from-markdown';
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import type { LiquidTag } from '../blocks/spec.js';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    liquidTag: 'liquidTag';
  }
}

const LEFT_BRACE = 123;
const PERCENT = 37;
const RIGHT_BRACE = 125;
const SPACE = 32;
const TAB = -2;
const VIRTUAL_SPACE = -1;

const isLineEnd = (code: Code) => code === null || code < TAB;

function tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    if (code !== LEFT_BRACE) return nok(code);
    effects.enter('liquidTag');
    effects.consume(code);
    return open;
  }
  function open(code: Code): State | undefined {
    if (code !== PERCENT) return nok(code);
    effects.consume(code);
    return inside;
  }
  function inside(code: Code): State | undefined {
    if (isLineEnd(code)) return nok(code);
    effects.consume(code);
    return code === PERCENT ? percent : inside;
  }
  function percent(code: Code): State | undefined {
    if (code !== RIGHT_BRACE) return inside(code);
    effects.consume(code);
    return after;
  }
  function after(code: Code): State | undefined {
    if (isLineEnd(code)) {
      effects.exit('liquidTag');
      return ok(code);
    }
    if (code === SPACE || code === TAB || code === VIRTUAL_SPACE) {
      effects.consume(code);
      return after;
    }
    return nok(code);
  }
}

const liquidTagConstruct: Construct = { name: 'liquidTag', tokenize };

/** micromark extension: `{% ... %}` lines as flow. */
export const liquidSyntax: Extension = { flow: { [LEFT_BRACE]: liquidTagConstruct } };

/** mdast-util-from-markdown extension: `liquidTag` tokens to `liquidTag` nodes holding the tag text. */
export const liquidFromMarkdown: FromMarkdownExtension = {
  enter: {
    liquidTag(this: CompileContext, token: MdastToken) {
      this.enter({ type: 'liquidTag', value: '' } as LiquidTag as never, token);
    },
  },
  exit: {
    liquidTag(this: CompileContext, token: MdastToken) {
      const node = this.stack[this.stack.length - 1] as unknown as LiquidTag;
      node.value = this.sliceSerialize(token).trimEnd();
      this.exit(token);
    },
  },
};
