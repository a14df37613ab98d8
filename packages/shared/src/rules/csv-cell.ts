/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return) starts with an
 * apostrophe, so it is shown as text. Apostrophes already in front of such a start get one more, so that
 * restoreCell gives back exactly what was written.
 */
export function safeCell(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The cell as it was before safeCell: the apostrophe in front of a formula's start is taken off. */
export function restoreCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
