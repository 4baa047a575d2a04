/** Raw base64 as the service wants it: no `data:` prefix, no whitespace, padded to 4. */
const RAW_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function hasDataUrlPrefix(value: string): boolean {
  return /^data:/i.test(value.trimStart());
}

export function isRawBase64(value: string): boolean {
  return value.length > 0 && value.length % 4 === 0 && RAW_BASE64.test(value);
}
