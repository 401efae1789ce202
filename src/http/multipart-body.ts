/**
 * Reading a `multipart/form-data` body: the whole body is counted against a limit while
 * it streams, and only then handed to the platform's form parser, so an oversized upload
 * is cut off before it is buffered. Text fields become the body object and file parts
 * become {@link UploadedFile}s.
 *
 * @module
 */
import type { UploadedFile } from "../ports/contract.js";
import { addEntry, type CollectedEntries, checkEntryName } from "./entries.js";
import { readBodyBytes } from "./read-body.js";
import { accepted, type HttpResult, refused } from "./rejections.js";

/** Bounds of a multipart body. */
export interface MultipartBodyLimits {
  /** Largest whole body in bytes, boundaries and text fields included. */
  readonly maxBytes: number;
  /** Largest single file part in bytes. */
  readonly maxFileBytes: number;
}

/** How a multipart body is read: its boundary, the fields that take files, its bounds. */
export interface MultipartBodyOptions extends MultipartBodyLimits {
  /** The request's `Content-Type` header, which carries the boundary. */
  readonly contentType: string;
  /** Field names that may carry files, from the endpoint table. */
  readonly binaryFields: readonly string[];
}

/** The parts of a multipart body, split by kind. */
export interface MultipartBody {
  /** Text fields by name; a name sent more than once becomes an array. */
  readonly fields: Readonly<Record<string, string | readonly string[]>>;
  /** File parts by field name. */
  readonly files: Readonly<Record<string, UploadedFile>>;
}

async function parseForm(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormData> {
  return new Response(bytes, { headers: { "content-type": contentType } }).formData();
}

async function toUploadedFile(file: File): Promise<UploadedFile> {
  return {
    filename: file.name === "" ? undefined : file.name,
    contentType: file.type === "" ? undefined : file.type,
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}

async function splitParts(
  form: FormData,
  binaryFields: readonly string[],
  maxFileBytes: number,
): Promise<HttpResult<MultipartBody>> {
  const fields: CollectedEntries = {};
  const files: Record<string, UploadedFile> = {};
  for (const [name, value] of form) {
    const checked = checkEntryName(name, "field");
    if (!checked.ok) return checked;
    if (typeof value === "string") {
      addEntry(fields, name, value);
      continue;
    }
    if (!binaryFields.includes(name)) {
      return refused("unexpected_file_field", `The field "${name}" does not take a file.`, {
        field: name,
        file_fields: binaryFields,
      });
    }
    if (Object.hasOwn(files, name)) {
      return refused("duplicate_file_field", `The field "${name}" carries more than one file.`, {
        field: name,
      });
    }
    if (value.size > maxFileBytes) {
      return refused("file_too_large", `The file "${name}" is larger than ${maxFileBytes} bytes.`, {
        field: name,
        max_bytes: maxFileBytes,
      });
    }
    files[name] = await toUploadedFile(value);
  }
  return accepted({ fields, files });
}

/**
 * Reads a multipart body. Refuses a body over `maxBytes` or a file over `maxFileBytes`
 * (413), a body the form parser cannot read, a file on a field that takes none, two
 * files on one field, and a `__proto__` field name (400).
 *
 * @example
 * ```ts
 * const result = await readMultipartBody(request, {
 *   contentType,
 *   binaryFields: ["file"],
 *   maxBytes: 3 * 1024 * 1024 + 65536,
 *   maxFileBytes: 3 * 1024 * 1024,
 * });
 * if (result.ok) result.value.files.file?.bytes.byteLength;
 * ```
 */
export async function readMultipartBody(
  request: Request,
  { contentType, binaryFields, maxBytes, maxFileBytes }: MultipartBodyOptions,
): Promise<HttpResult<MultipartBody>> {
  const bytes = await readBodyBytes(request, maxBytes);
  if (!bytes.ok) return bytes;
  let form: FormData;
  try {
    form = await parseForm(bytes.value, contentType);
  } catch {
    return refused("malformed_multipart", "The multipart body could not be parsed.");
  }
  return splitParts(form, binaryFields, maxFileBytes);
}
