import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import { IDBFactory } from 'fake-indexeddb';
import { forgetDeviceStore, openDeviceStore, type DeviceDatabase } from './device-store';

// jsdom has no structuredClone, which IndexedDB uses to store values: Node's serialiser clones the same way.
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;

/** A fresh, empty device database for one test (an in-memory IndexedDB in place of the browser's). */
export async function freshDevice(): Promise<DeviceDatabase> {
  forgetDeviceStore();
  globalThis.indexedDB = new IDBFactory();
  const opened = openDeviceStore();
  if (!opened) throw new Error('no IndexedDB');
  return opened;
}
