// The browser globals the code under test uses and Node.js 18 (Debian 12's) lacks: Web Crypto is
// a global from Node.js 19 on, and only node:crypto's webcrypto before.
import { webcrypto } from "node:crypto";

if (!globalThis.crypto) Object.defineProperty(globalThis, "crypto", { value: webcrypto, configurable: true });
