/**
 * Arabic: a chunk of its own, loaded only when a visitor chooses it. It holds every namespace, the
 * entry chunk's and the lazily loaded areas' alike, each file named after its namespace.
 */
const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

export default Object.fromEntries(Object.entries(files).map(([file, texts]) => [file.slice(2, -'.json'.length), texts]));
