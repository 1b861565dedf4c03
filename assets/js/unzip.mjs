/* The app bundle unpacked by JavaScript instead of by the runtime's Python.
 *
 * build/ludi-app.zip (tools/site_files.py) stores every entry uncompressed, so unpacking it is
 * copying byte ranges into the interpreter's file system. The runtime's own unpackArchive does
 * it in Python (a temporary file, then zipfile through shutil): about 60 ms on the page's thread
 * on this machine, one task; this takes a few. Used for the page's interpreter (PyScript's
 * [files] calls unpackArchive: interpreter.mjs routes that call here) and in the snapshot
 * worker. An archive this does not read (a compressed or encrypted entry, zip64, a name that
 * leaves the target folder) is left to the runtime: storedEntries answers null.
 */

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const END_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;

/** The end-of-central-directory record's offset, or -1 (it sits in the last 22 + 65535 bytes:
 * its fixed part, then a comment). */
function endRecord(view) {
  const last = view.byteLength - END_SIZE;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (view.getUint32(at, true) === END) return at;
  }
  return -1;
}

/** A name that stays inside the target folder: relative, no ".." part. */
function safeName(name) {
  return name !== "" && !name.startsWith("/") && !name.includes("\\") &&
    !name.split("/").includes("..");
}

/** Every entry of a zip archive whose entries are all stored, as {name, data} (data a view
 * into ``bytes``, folders with a trailing "/" and empty data), in the archive's order; null
 * when the archive is anything else (a caller then unpacks it the usual way). */
export function storedEntries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endRecord(view);
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > end || view.getUint32(at, true) !== CENTRAL) return null;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength));
    const encrypted = (flags & 1) !== 0;
    if (method !== 0 || encrypted || size !== view.getUint32(at + 24, true) || !safeName(name) ||
        local + LOCAL_SIZE > end || view.getUint32(local, true) !== LOCAL) return null;
    const start = local + LOCAL_SIZE + view.getUint16(local + 26, true) +
      view.getUint16(local + 28, true);
    if (start + size > end) return null;
    entries.push({ name, data: bytes.subarray(start, start + size) });
    at += CENTRAL_SIZE + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** ``folder`` joined to ``name`` ("a/./b/" parts dropped), absolute from the file system's
 * working directory ``cwd``. */
function target(cwd, folder, name) {
  const parts = [];
  for (const part of `${folder.startsWith("/") ? "" : cwd}/${folder}/${name}`.split("/")) {
    if (part && part !== ".") parts.push(part);
  }
  return "/" + parts.join("/");
}

/** Unpack ``bytes`` (a zip archive of stored entries) into ``folder`` of the runtime's file
 * system ``FS`` (relative to its working directory); false, having written nothing, when the
 * archive is not one storedEntries reads. */
export function unpackStored(FS, bytes, folder = ".") {
  const entries = storedEntries(bytes);
  if (!entries) return false;
  const cwd = FS.cwd();
  const made = new Set();
  const folderOf = (path) => path.slice(0, path.lastIndexOf("/")) || "/";
  for (const { name, data } of entries) {
    const path = target(cwd, folder, name);
    const dir = name.endsWith("/") ? path : folderOf(path);
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    if (!name.endsWith("/")) FS.writeFile(path, data);
  }
  return true;
}

/** A stand-in for the runtime's ``unpackArchive(buffer, format, options)``: a zip of stored
 * entries is unpacked here; anything else goes to ``unpack`` (the runtime's own). */
export function unpackArchiveWith(FS, unpack) {
  return (buffer, format, options = {}) => {
    const bytes = ArrayBuffer.isView(buffer)
      ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      : new Uint8Array(buffer);
    if (String(format).toLowerCase() === "zip" &&
        unpackStored(FS, bytes, options.extractDir || ".")) return undefined;
    return unpack(buffer, format, options);
  };
}
