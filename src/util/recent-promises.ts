/**
 * What a process has made lately, by a key that names everything it was made from: the promise
 * of each of the last `keep` keys asked for, so that a second request of one waits for the same
 * work instead of doing it again. A promise that rejects is forgotten, so the next request tries
 * again (and reports its own failure).
 */
export function recentPromises<T>(keep: number): (key: string, make: () => Promise<T>) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (key, make) => {
    let promise = made.get(key);
    if (promise) {
      // The most recently asked for goes last: the first in the map is the one to let go.
      made.delete(key);
    } else {
      promise = make();
      promise.catch(() => {
        if (made.get(key) === promise) made.delete(key);
      });
    }
    made.set(key, promise);
    for (const oldest of made.keys()) {
      if (made.size <= keep) break;
      made.delete(oldest);
    }
    return promise;
  };
}
