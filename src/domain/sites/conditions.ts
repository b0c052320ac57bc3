import { ExpressionError, parseExpression } from '../../content/expression.js';
import { invalidInput } from '../core/errors.js';

/** A condition as stored: null to remove it, else an expression that parses (400 naming what is wrong otherwise). */
export function checkCondition(condition: string | null): string | null {
  if (!condition || !condition.trim()) return null;
  try {
    parseExpression(condition);
  } catch (error) {
    if (error instanceof ExpressionError) throw invalidInput(`condition: not a valid expression (${error.message})`);
    throw error;
  }
  return condition;
}
