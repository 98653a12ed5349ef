/**
 * Whether this browser holds a session of the Firebase project whose web API key is `apiKey`, read
 * without the SDK: a visitor who never signed in (most visitors) then never downloads or starts it,
 * and no storage is written for them.
 *
 * The SDK keeps the signed-in user under `firebase:authUser:<apiKey>:[DEFAULT]`: in IndexedDB (the
 * `firebaseLocalStorage` store of the `firebaseLocalStorageDb` database) or, where IndexedDB is
 * missing, in localStorage; sign-out deletes it. When the answer cannot be read, it is yes: the SDK
 * then decides, as it always did.
 */
export function hasSavedSession(apiKey: string): Promise<boolean> {
  const key = `firebase:authUser:${apiKey}:[DEFAULT]`;
  try {
    if (window.localStorage.getItem(key) !== null) return Promise.resolve(true);
  } catch {
    // Storage refused (a privacy setting): IndexedDB below, or the SDK's answer.
  }
  if (typeof indexedDB === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    let absent = false;
    const request = indexedDB.open('firebaseLocalStorageDb');
    // No such database: nobody signed in here. Opening would create it, empty; aborting the
    // upgrade leaves nothing behind (the open then fails, below).
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onerror = () => resolve(!absent);
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains('firebaseLocalStorage')) {
        database.close();
        resolve(false);
        return;
      }
      const read = database
        .transaction('firebaseLocalStorage', 'readonly')
        .objectStore('firebaseLocalStorage')
        .get(key);
      // The connection closes once the read's transaction is done.
      database.close();
      read.onsuccess = () => resolve(read.result !== undefined);
      read.onerror = () => resolve(true);
    };
  });
}
