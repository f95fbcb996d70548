import { Inflate } from "fflate";

/**
 * A bounded ZIP reader for uploaded Office files (untrusted input). fflate's unzipSync trusts an
 * entry's declared size (it allocates it) and inflates until the stream ends, so a 40 KB zip bomb
 * can take all the consumer's memory or minutes of CPU. Here:
 *
 * 1. the central directory is read first: entry count, each entry's declared size and the sum of
 *    declared sizes are checked against the limits before anything is inflated;
 * 2. only the entries asked for are inflated, into a buffer of their declared size (already checked);
 * 3. inflation is fed in slices of at most 8 KB, sized so that one slice cannot expand past what is
 *    left of that size by more than INFLATE_SLACK (deflate expands at most 1032:1), and stops as soon
 *    as the output passes the declared size. Memory is therefore bounded by the declared size
 *    (≤ maxEntrySize) plus a few times one slice's worst case (~8 MB: fflate grows and copies its
 *    buffer), and CPU by the declared size plus INFLATE_SLACK.
 *
 * fflate's streaming Inflate costs ~1.5× its one-shot inflateSync on ordinary XML (8 KB slices); the
 * one-shot call cannot be stopped, so a stream lying about its size would run to its end.
 */

export type ZipLimits = {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of all entries (read or not). */
  maxTotalSize: number;
  /** Declared (and actual) uncompressed size of one entry that is read. */
  maxEntrySize: number;
};

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** Declared uncompressed size (central directory; ZIP64 when needed). */
  size: number;
  localOffset: number;
};

/** Not a readable ZIP (truncated, corrupt, encrypted, unsupported compression). */
class ZipFormatError extends Error {
  override readonly name = "ZipFormatError";
}

/**
 * A limit was passed. `kind`: too many entries, the declared total too large, one entry's declared
 * size too large, or an entry inflating past its declared size. `inflated` is how many bytes had been
 * produced when reading stopped (0 when refused from the directory alone).
 */
export class ZipLimitError extends Error {
  override readonly name = "ZipLimitError";
  constructor(
    readonly kind: "entries" | "total" | "entry" | "overflow",
    readonly limit: number,
    readonly inflated: number,
    readonly entry?: string,
  ) {
    super(`zip ${kind} limit ${limit} passed${entry ? ` by ${entry}` : ""} (${inflated} bytes inflated)`);
  }
}

/** Deflate cannot expand a byte into more than 1032 (a 258-byte match per 2 bits). */
export const MAX_DEFLATE_RATIO = 1032;
/** How far past its declared size an entry may inflate before the overflow is seen. */
export const INFLATE_SLACK = 4 * 1024 * 1024;
const MAX_SLICE = 8 * 1024;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipArchive {
  readonly entries: ReadonlyMap<string, ZipEntry>;
  private inflated = 0;

  private constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits,
    entries: Map<string, ZipEntry>,
  ) {
    this.entries = entries;
  }

  /** Reads and checks the central directory; inflates nothing. */
  static open(bytes: Uint8Array, limits: ZipLimits): ZipArchive {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const u16 = (at: number) => view.getUint16(at, true);
    const u32 = (at: number) => view.getUint32(at, true);
    const u64 = (at: number) => view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
    const inside = (at: number, length: number) => at >= 0 && length >= 0 && at + length <= bytes.byteLength;

    // End of central directory: the last 22 bytes plus a comment of up to 65,535.
    let eocd = -1;
    for (let at = bytes.byteLength - 22; at >= 0 && at >= bytes.byteLength - 22 - 0xffff; at--) {
      if (u32(at) === EOCD) {
        eocd = at;
        break;
      }
    }
    if (eocd < 0) throw new ZipFormatError("no end of central directory");
    let count = u16(eocd + 10);
    let directorySize = u32(eocd + 12);
    let directoryOffset = u32(eocd + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      const locator = eocd - 20;
      if (inside(locator, 20) && u32(locator) === ZIP64_LOCATOR) {
        const record = u64(locator + 8);
        if (!inside(record, 56) || u32(record) !== ZIP64_EOCD) throw new ZipFormatError("bad ZIP64 end record");
        count = u64(record + 32);
        directorySize = u64(record + 40);
        directoryOffset = u64(record + 48);
      }
    }
    if (count > limits.maxEntries) throw new ZipLimitError("entries", limits.maxEntries, 0);
    // Each directory record is at least 46 bytes: a count the directory cannot hold is a lie.
    if (!inside(directoryOffset, directorySize) || count * 46 > directorySize) {
      throw new ZipFormatError("central directory out of bounds");
    }

    const entries = new Map<string, ZipEntry>();
    const decoder = new TextDecoder();
    let total = 0;
    let at = directoryOffset;
    for (let i = 0; i < count; i++) {
      if (!inside(at, 46) || u32(at) !== CENTRAL) throw new ZipFormatError("bad central directory record");
      const flags = u16(at + 8);
      const method = u16(at + 10);
      let compressedSize = u32(at + 20);
      let size = u32(at + 24);
      const nameLength = u16(at + 28);
      const extraLength = u16(at + 30);
      const commentLength = u16(at + 32);
      let localOffset = u32(at + 42);
      const nameAt = at + 46;
      const extraAt = nameAt + nameLength;
      const next = extraAt + extraLength + commentLength;
      if (next > directoryOffset + directorySize) throw new ZipFormatError("central directory record out of bounds");
      const name = decoder.decode(bytes.subarray(nameAt, extraAt));
      if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
        // ZIP64 extended information (0x0001): the 8-byte values of the fields saturated above, in order.
        for (let x = extraAt; x + 4 <= extraAt + extraLength;) {
          const id = u16(x);
          const length = u16(x + 2);
          if (id === 0x0001) {
            let field = x + 4;
            const take = () => {
              if (field + 8 > Math.min(x + 4 + length, extraAt + extraLength)) throw new ZipFormatError("short ZIP64 field");
              const value = u64(field);
              field += 8;
              return value;
            };
            if (size === 0xffffffff) size = take();
            if (compressedSize === 0xffffffff) compressedSize = take();
            if (localOffset === 0xffffffff) localOffset = take();
            break;
          }
          x += 4 + length;
        }
      }
      total += size;
      if (total > limits.maxTotalSize) throw new ZipLimitError("total", limits.maxTotalSize, 0, name);
      if (!entries.has(name)) entries.set(name, { name, method, flags, compressedSize, size, localOffset });
      at = next;
    }
    return new ZipArchive(bytes, limits, entries);
  }

  /**
   * The uncompressed bytes of one entry, or null when the archive has none of that name. Throws
   * ZipLimitError past a limit, ZipFormatError when the entry cannot be read.
   */
  read(name: string): Uint8Array | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    const { limits, bytes } = this;
    if (entry.size > limits.maxEntrySize) throw new ZipLimitError("entry", limits.maxEntrySize, 0, name);
    if (this.inflated + entry.size > limits.maxTotalSize) {
      throw new ZipLimitError("total", limits.maxTotalSize, this.inflated, name);
    }
    if (entry.flags & 1) throw new ZipFormatError("encrypted entry");

    const local = entry.localOffset;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL) throw new ZipFormatError("bad local header");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const end = start + entry.compressedSize;
    if (end > bytes.byteLength) throw new ZipFormatError("entry data out of bounds");
    const data = bytes.subarray(start, end);

    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new ZipFormatError("stored entry size mismatch");
      this.inflated += entry.size;
      return data.slice();
    }
    if (entry.method !== 8) throw new ZipFormatError(`unsupported compression ${entry.method}`);

    // Sized by the declared size, which was checked above; the output may never pass it.
    const out = new Uint8Array(entry.size);
    let produced = 0;
    const inflate = new Inflate((chunk) => {
      if (produced + chunk.length > entry.size) {
        throw new ZipLimitError("overflow", entry.size, produced + chunk.length, name);
      }
      out.set(chunk, produced);
      produced += chunk.length;
    });
    try {
      let offset = 0;
      while (offset < data.length) {
        // A slice whose worst-case expansion fits in what is left of the declared size + the slack.
        const slice = Math.min(MAX_SLICE, Math.floor((entry.size - produced + INFLATE_SLACK) / MAX_DEFLATE_RATIO));
        inflate.push(data.subarray(offset, offset + slice), offset + slice >= data.length);
        offset += slice;
      }
      if (data.length === 0) inflate.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof ZipLimitError) throw error;
      throw new ZipFormatError("corrupt deflate data", { cause: error });
    }
    this.inflated += produced;
    return produced === out.length ? out : out.subarray(0, produced);
  }
}
