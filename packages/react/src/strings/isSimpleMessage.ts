/**
 * True when an ICU message uses nothing but `{name}` arguments (no plural, select, number, no quoting
 * apostrophe): then filling the placeholders gives exactly what ICU gives, with no compiled form and no runtime.
 */
export function isSimpleMessage(text: string): boolean {
  return /^(?:[^{}']|'(?![{}#'])|\{\w+\})*$/.test(text);
}
