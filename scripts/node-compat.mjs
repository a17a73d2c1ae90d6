// Vitest 5 targets Node 22+; the platform supports Node >= 20.19. Node 20 lacks only
// Map.groupBy / Object.groupBy among what Vitest uses, so provide them before it runs.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    return Object.fromEntries(Map.groupBy(items, keyOf));
  };
}
