/**
 * Adaptive-content expressions (`visitor.claims.plan === "pro" && !visitor.claims.unsigned.beta`), as GitBook writes
 * them on site sections, site spaces, header links and `{% if %}` blocks. Parsed with jsep and evaluated over plain
 * data only: no calls, no `this`, no prototype access, so an expression can read the visitor and nothing else.
 */
import jsep from 'jsep';

type Expression = jsep.Expression;

export type ExpressionContext = Record<string, unknown>;

export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** The parsed expression; throws ExpressionError naming what is wrong. */
export function parseExpression(text: string): Expression {
  let ast: Expression;
  try {
    ast = jsep(text);
  } catch (error) {
    throw new ExpressionError((error as Error).message);
  }
  check(ast);
  return ast;
}

/** True when the expression holds for `context`; an empty expression holds; one that cannot be read does not. */
export function evaluateCondition(text: string | null | undefined, context: ExpressionContext): boolean {
  if (!text || !text.trim()) return true;
  try {
    return Boolean(evaluate(parseExpression(text), context));
  } catch {
    return false;
  }
}

/** The context a condition sees for a visitor with these claims (`visitor.claims`, with `unsigned` ones inside). */
export function visitorContext(claims: Record<string, unknown> = {}): ExpressionContext {
  return { visitor: { claims: { unsigned: {}, ...claims } } };
}

function check(node: Expression): void {
  switch (node.type) {
    case 'Literal':
    case 'Identifier':
      return;
    case 'MemberExpression':
      check(node.object as Expression);
      if (node.computed) check(node.property as Expression);
      return;
    case 'UnaryExpression':
      if (!['!', '-', '+'].includes(node.operator as string)) throw new ExpressionError(`operator "${String(node.operator)}" is not allowed`);
      check(node.argument as Expression);
      return;
    case 'BinaryExpression':
      if (!BINARY.has(node.operator as string)) throw new ExpressionError(`operator "${String(node.operator)}" is not allowed`);
      check(node.left as Expression);
      check(node.right as Expression);
      return;
    case 'ConditionalExpression':
      check(node.test as Expression);
      check(node.consequent as Expression);
      check(node.alternate as Expression);
      return;
    case 'ArrayExpression':
      for (const element of node.elements as Expression[]) if (element) check(element);
      return;
    default:
      throw new ExpressionError(`${node.type === 'CallExpression' ? 'function calls' : node.type} not allowed in a condition`);
  }
}

const BINARY = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=', '&&', '||', '+', '-', '*', '/', '%']);

function evaluate(node: Expression, context: ExpressionContext): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier': {
      const name = node.name as string;
      if (name === 'true') return true;
      if (name === 'false') return false;
      if (name === 'null') return null;
      if (name === 'undefined') return undefined;
      return own(context, name);
    }
    case 'MemberExpression': {
      const object = evaluate(node.object as Expression, context);
      const key = node.computed ? evaluate(node.property as Expression, context) : (node.property as Expression).name;
      return object === null || object === undefined ? undefined : own(object, String(key));
    }
    case 'UnaryExpression': {
      const value = evaluate(node.argument as Expression, context);
      return node.operator === '!' ? !value : node.operator === '-' ? -Number(value) : Number(value);
    }
    case 'BinaryExpression': {
      const op = node.operator as string;
      const left = evaluate(node.left as Expression, context);
      if (op === '&&') return left && evaluate(node.right as Expression, context);
      if (op === '||') return left || evaluate(node.right as Expression, context);
      return binary(op, left, evaluate(node.right as Expression, context));
    }
    case 'ConditionalExpression':
      return evaluate(node.test as Expression, context) ? evaluate(node.consequent as Expression, context) : evaluate(node.alternate as Expression, context);
    case 'ArrayExpression':
      return (node.elements as Expression[]).map((element) => (element ? evaluate(element, context) : undefined));
    default:
      throw new ExpressionError(`${node.type} not allowed in a condition`);
  }
}

function own(object: unknown, key: string): unknown {
  if (FORBIDDEN_KEYS.has(key) || typeof object !== 'object' || object === null) return undefined;
  return Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

function binary(op: string, a: unknown, b: unknown): unknown {
  switch (op) {
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: GitBook expressions are JavaScript: `==` compares loosely
      return a == b;
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: as above, `!=` is loose
      return a != b;
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '<':
      return (a as number) < (b as number);
    case '<=':
      return (a as number) <= (b as number);
    case '>':
      return (a as number) > (b as number);
    case '>=':
      return (a as number) >= (b as number);
    case '+':
      return typeof a === 'string' || typeof b === 'string' ? `${String(a)}${String(b)}` : Number(a) + Number(b);
    case '-':
      return Number(a) - Number(b);
    case '*':
      return Number(a) * Number(b);
    case '/':
      return Number(a) / Number(b);
    case '%':
      return Number(a) % Number(b);
    default:
      throw new ExpressionError(`operator "${op}" is not allowed`);
  }
}
