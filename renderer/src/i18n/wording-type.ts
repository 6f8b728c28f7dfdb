/** The shape of a catalogue section with any words: another language must have every key. */
export type Wording<T> = { readonly [K in keyof T]: T[K] extends string ? string : Wording<T[K]> };
