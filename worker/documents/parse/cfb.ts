/**
 * A bounded reader for Compound File Binary (MS-CFB), the container of old Office files (.doc,
 * .xls, .ppt) and Outlook's .msg. Untrusted input: every sector number is checked against the
 * file, every chain is cut at the number of sectors the file has (a cycle cannot loop), and a
 * stream is read only up to its declared size, itself at most the file's size.
 */

import { ParseError } from "./types";

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
/** Directory entries a real file has are in the hundreds; bounds the tree walk. */
const MAX_ENTRIES = 100_000;

export class CfbFormatError extends Error {
  override readonly name = "CfbFormatError";
}

export type CfbEntry = { name: string; type: "storage" | "stream" | "root"; path: string; size: number; start: number };

export class CompoundFile {
  /** Every stream and storage by its path ("WordDocument", "__attach_version1.0_#00000000/__substg1.0_3701000D"). */
  readonly entries: ReadonlyMap<string, CfbEntry>;

  private constructor(
    private readonly bytes: Uint8Array,
    private readonly sectorSize: number,
    private readonly fat: Uint32Array,
    private readonly miniFat: Uint32Array,
    private readonly miniStream: Uint8Array,
    private readonly miniCutoff: number,
    entries: Map<string, CfbEntry>,
  ) {
    this.entries = entries;
  }

  static open(bytes: Uint8Array): CompoundFile {
    if (bytes.length < 512 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw new CfbFormatError("not a compound file");
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const u32 = (at: number) => view.getUint32(at, true);
    const sectorShift = view.getUint16(30, true);
    if (sectorShift !== 9 && sectorShift !== 12) throw new CfbFormatError("bad sector size");
    const sectorSize = 1 << sectorShift;
    const miniSectorSize = 1 << view.getUint16(32, true);
    if (miniSectorSize !== 64) throw new CfbFormatError("bad mini sector size");
    const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + 1;
    const sectorOffset = (n: number) => {
      if (n >= sectorCount) throw new CfbFormatError("sector out of range");
      return (n + 1) * sectorSize;
    };

    // FAT sectors: the first 109 in the header, the rest in the DIFAT chain.
    const fatSectors: number[] = [];
    for (let i = 0; i < 109; i++) {
      const n = u32(76 + i * 4);
      if (n !== FREE && n !== END_OF_CHAIN) fatSectors.push(n);
    }
    let difat = u32(68);
    for (let hops = 0; difat !== END_OF_CHAIN && difat !== FREE && hops < sectorCount; hops++) {
      const at = sectorOffset(difat);
      for (let i = 0; i < sectorSize / 4 - 1; i++) {
        const n = u32(at + i * 4);
        if (n !== FREE && n !== END_OF_CHAIN) fatSectors.push(n);
      }
      difat = u32(at + sectorSize - 4);
    }
    if (fatSectors.length > sectorCount) throw new CfbFormatError("more FAT sectors than the file has");
    const fat = new Uint32Array(fatSectors.length * (sectorSize / 4));
    fatSectors.forEach((s, i) => {
      const at = sectorOffset(s);
      for (let j = 0; j < sectorSize / 4; j++) fat[i * (sectorSize / 4) + j] = u32(at + j * 4);
    });

    const chain = (start: number): number[] => {
      const out: number[] = [];
      for (let n = start; n !== END_OF_CHAIN; n = fat[n] ?? END_OF_CHAIN) {
        if (n >= sectorCount || out.length >= sectorCount) throw new CfbFormatError("broken sector chain");
        out.push(n);
      }
      return out;
    };
    const readChain = (start: number, size: number): Uint8Array => {
      const out = new Uint8Array(Math.min(size, bytes.length));
      let written = 0;
      for (const n of chain(start)) {
        if (written >= out.length) break;
        const at = sectorOffset(n);
        const piece = bytes.subarray(at, Math.min(at + sectorSize, bytes.length, at + out.length - written));
        out.set(piece, written);
        written += piece.length;
      }
      return out.subarray(0, written);
    };

    // Directory: 128-byte entries along its chain.
    const directory = readChain(u32(48), sectorCount * sectorSize);
    const dirView = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
    const count = Math.min(Math.floor(directory.length / 128), MAX_ENTRIES);
    type Raw = { name: string; type: number; left: number; right: number; child: number; start: number; size: number };
    const raw: Raw[] = [];
    for (let i = 0; i < count; i++) {
      const at = i * 128;
      const nameLength = Math.min(dirView.getUint16(at + 64, true), 64);
      let name = "";
      for (let c = 0; c + 2 < nameLength; c += 2) name += String.fromCharCode(dirView.getUint16(at + c, true));
      raw.push({
        name,
        type: directory[at + 66]!,
        left: dirView.getUint32(at + 68, true),
        right: dirView.getUint32(at + 72, true),
        child: dirView.getUint32(at + 76, true),
        start: dirView.getUint32(at + 116, true),
        // Version 3 files use only the low 32 bits; no stream of ours is 4 GB.
        size: dirView.getUint32(at + 120, true),
      });
    }
    const root = raw[0];
    if (!root || root.type !== 5) throw new CfbFormatError("no root entry");

    // Walk the tree (each storage's children are a binary tree through left/right), iteratively.
    const entries = new Map<string, CfbEntry>();
    const seen = new Set<number>();
    const stack: { id: number; parent: string }[] = [{ id: root.child, parent: "" }];
    while (stack.length) {
      const { id, parent } = stack.pop()!;
      if (id >= raw.length || seen.has(id)) continue;
      seen.add(id);
      const e = raw[id]!;
      stack.push({ id: e.left, parent }, { id: e.right, parent });
      if (e.type !== 1 && e.type !== 2) continue;
      const path = parent ? `${parent}/${e.name}` : e.name;
      entries.set(path, { name: e.name, type: e.type === 1 ? "storage" : "stream", path, size: e.size, start: e.start });
      if (e.type === 1) stack.push({ id: e.child, parent: path });
    }

    const miniCutoff = u32(56);
    const miniFatBytes = u32(60) === END_OF_CHAIN ? new Uint8Array(0) : readChain(u32(60), u32(64) * sectorSize);
    const miniFat = new Uint32Array(Math.floor(miniFatBytes.length / 4));
    const mfView = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength);
    for (let i = 0; i < miniFat.length; i++) miniFat[i] = mfView.getUint32(i * 4, true);
    const miniStream = root.start === END_OF_CHAIN ? new Uint8Array(0) : readChain(root.start, root.size);
    return new CompoundFile(bytes, sectorSize, fat, miniFat, miniStream, miniCutoff, entries);
  }

  /** A stream's bytes by path, or null when there is no such stream. */
  read(path: string): Uint8Array | null {
    const entry = this.entries.get(path);
    if (!entry || entry.type !== "stream") return null;
    const size = Math.min(entry.size, this.bytes.length);
    if (size < this.miniCutoff) return this.readMini(entry.start, size);
    const out = new Uint8Array(size);
    let written = 0;
    const sectorCount = Math.floor((this.bytes.length - this.sectorSize) / this.sectorSize) + 1;
    // A chain that comes back to a sector is damage, not a stream to read round and round.
    const visited = new Uint8Array(sectorCount);
    for (let n = entry.start; n !== END_OF_CHAIN && written < size; n = this.fat[n] ?? END_OF_CHAIN) {
      if (n >= sectorCount || visited[n]) throw new CfbFormatError("broken sector chain");
      visited[n] = 1;
      const at = (n + 1) * this.sectorSize;
      const piece = this.bytes.subarray(at, Math.min(at + this.sectorSize, this.bytes.length, at + size - written));
      out.set(piece, written);
      written += piece.length;
    }
    return out.subarray(0, written);
  }

  private readMini(start: number, size: number): Uint8Array {
    const out = new Uint8Array(size);
    let written = 0;
    const sectors = Math.floor(this.miniStream.length / 64);
    const visited = new Uint8Array(sectors);
    for (let n = start; n !== END_OF_CHAIN && written < size; n = this.miniFat[n] ?? END_OF_CHAIN) {
      if (n >= sectors || visited[n]) throw new CfbFormatError("broken mini sector chain");
      visited[n] = 1;
      const piece = this.miniStream.subarray(n * 64, Math.min(n * 64 + 64, n * 64 + size - written));
      out.set(piece, written);
      written += piece.length;
    }
    return out.subarray(0, written);
  }
}

/**
 * Opens `bytes` and runs `read` on it; damage found on the way (a broken chain, a structure
 * pointing past its stream) becomes the ParseError with the reader's `message` for the planner.
 * RangeError counts as damage: it is what DataView throws for an offset past the end.
 */
export function withCompoundFile<T>(bytes: ArrayBuffer, message: string, read: (cfb: CompoundFile) => T): T {
  try {
    return read(CompoundFile.open(new Uint8Array(bytes)));
  } catch (cause) {
    if (cause instanceof ParseError) throw cause;
    if (cause instanceof CfbFormatError || cause instanceof RangeError) throw new ParseError(message, { cause });
    throw cause;
  }
}

/** An old Office reader's planner-facing messages: ("Excel", "workbook", ".xlsx") → what it cannot open, and a password. */
export function oldOfficeMessages(app: string, noun: string, extension: string): { notOpenable: string; encrypted: string } {
  return {
    notOpenable: `This file could not be opened as ${/^[AEIOU]/.test(app) ? "an" : "a"} ${app} 97–2003 ${noun}. Open it in ${app} or LibreOffice, save it as ${extension} and upload that.`,
    encrypted: `This ${app} ${noun} is password-protected. Save a copy without the password and upload that.`,
  };
}
