/* SHA-256 of bytes as lowercase hex: the check on a memory snapshot (interpreter.mjs). */
export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
