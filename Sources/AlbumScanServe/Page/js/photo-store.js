// The phone's copies of photos that have not ended in a saved scan (IndexedDB; what is kept with each: photos.js), so
// a reload, a dropped connection or a restarted server loses none.

const db = new Promise((resolve) => {
  if (!('indexedDB' in window)) { resolve(null); return; }
  const open = indexedDB.open('albumscan', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('photos', { keyPath: 'key' });
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => resolve(null);
});

async function store(mode, work) {
  const database = await db;
  if (!database) return undefined;
  return new Promise((resolve, reject) => {
    const tx = database.transaction('photos', mode);
    const request = work(tx.objectStore('photos'));
    tx.oncomplete = () => resolve(request && request.result);
    tx.onerror = () => reject(tx.error);
  });
}

export const keepPhoto = (photo) => store('readwrite', (s) => s.put(photo));
export const dropPhoto = (key) => store('readwrite', (s) => s.delete(key));
export const keptPhotos = () => store('readonly', (s) => s.getAll()).then((all) => all || []);
export const keptPhoto = (key) => store('readonly', (s) => s.get(key)).then((photo) => photo || null);
