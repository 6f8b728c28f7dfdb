// A Stryker ignorer: mutants inside a log call (`log.warn(...)`, `this.log.info(...)`,
// `logger.error(...)`) change only what the log file says, which no test reads and no shop
// sees; they are reported as Ignored instead of being run.
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

const LOGGERS = new Set(['log', 'logger']);
const LEVELS = new Set(['debug', 'info', 'warn', 'error']);

function isLogCall(node) {
  if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return false;
  const { object, property } = node.callee;
  if (property.type !== 'Identifier' || !LEVELS.has(property.name)) return false;
  if (object.type === 'Identifier') return LOGGERS.has(object.name);
  return (
    object.type === 'MemberExpression' &&
    object.property.type === 'Identifier' &&
    LOGGERS.has(object.property.name)
  );
}

class LogCallIgnorer {
  shouldIgnore(path) {
    if (path.isExpressionStatement() && isLogCall(path.node.expression)) {
      return 'A log call: it changes only the log file, which no caller reads.';
    }
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, 'log-calls', LogCallIgnorer)];
