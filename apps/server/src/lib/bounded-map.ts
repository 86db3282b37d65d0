/** Keeps a value under a key in a map of at most `max` entries: the first kept goes to make room. */
export function keepAtMost<V>(map: Map<string, V>, max: number, key: string, value: V): void {
  if (map.size >= max && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
}
