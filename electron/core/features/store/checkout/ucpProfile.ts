import type { StoreCapabilitySummary, StorePaymentHandlerSummary } from '@shared/contract';
import { quoted } from '@shared/contract/quoted';
import { CRYPTO_PAYMENT_REFUSAL, namesCryptoCurrency } from '@shared/store/forbiddenPayment';

/**
 * A store's discovery document (`/.well-known/ucp`), read in either shape: the map-of-arrays of
 * 2026-01-23 and later (services, capabilities and payment handlers keyed by reverse-domain name) and
 * the older one (a capability array, services as one object per name, handlers in `payment.handlers`).
 * The shape is read field by field, so a store half-way between the two still parses.
 */
export interface ParsedStoreProfile {
  version: string;
  shape: 'capability-array' | 'map-of-arrays';
  /** Other versions the store serves, each with the URL of its document. */
  supportedVersions: Record<string, string>;
  /** The dev.ucp.shopping service's MCP endpoints. */
  mcpServices: { version: string | null; endpoint: string }[];
  capabilities: StoreCapabilitySummary[];
  paymentHandlers: StorePaymentHandlerSummary[];
}

export type ProfileParse = { ok: true; profile: ParsedStoreProfile } | { ok: false; reason: string };

const SHOPPING_SERVICE = 'dev.ucp.shopping';
const VERSION = /^\d{4}-\d{2}-\d{2}$/;

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

function stringsOf(value: unknown): string[] {
  return listOf(value)
    .map(textOf)
    .filter((item): item is string => item !== null);
}

/** `documentUrl` resolves relative supported_versions entries. */
export function parseStoreProfile(document: unknown, documentUrl: string): ProfileParse {
  if (!isRecord(document) || !isRecord(document.ucp)) {
    return { ok: false, reason: 'the discovery document has no "ucp" object' };
  }
  const ucp = document.ucp;
  const version = textOf(ucp.version);
  if (version === null || !VERSION.test(version)) {
    return {
      ok: false,
      reason: `the discovery document's version is not a date: ${quoted(ucp.version)}`,
    };
  }
  const legacyCapabilities = Array.isArray(ucp.capabilities);
  return {
    ok: true,
    profile: {
      version,
      shape: legacyCapabilities ? 'capability-array' : 'map-of-arrays',
      supportedVersions: readSupportedVersions(ucp.supported_versions, documentUrl),
      mcpServices: readMcpServices(ucp.services),
      capabilities: readCapabilities(ucp.capabilities),
      paymentHandlers: readPaymentHandlers(ucp.payment_handlers, document.payment),
    },
  };
}

function readSupportedVersions(value: unknown, documentUrl: string): Record<string, string> {
  const versions: Record<string, string> = {};
  const base = documentUrl.replace(/\/+$/, '');
  if (isRecord(value)) {
    for (const [version, url] of Object.entries(value)) {
      const text = textOf(url);
      if (VERSION.test(version) && text && URL.canParse(text, documentUrl)) {
        versions[version] = new URL(text, documentUrl).toString();
      }
    }
  } else {
    // A bare list of versions: each document sits under the well-known path.
    for (const version of stringsOf(value)) {
      if (VERSION.test(version)) versions[version] = `${base}/${version}`;
    }
  }
  return versions;
}

function readMcpServices(value: unknown): ParsedStoreProfile['mcpServices'] {
  if (!isRecord(value)) return [];
  const shopping = value[SHOPPING_SERVICE];
  const found: ParsedStoreProfile['mcpServices'] = [];
  for (const entry of listOf(shopping)) {
    if (!isRecord(entry)) continue;
    // Newer: one entry per transport. Older: one object with a key per transport.
    if (textOf(entry.transport) === 'mcp') {
      const endpoint = textOf(entry.endpoint);
      if (endpoint) found.push({ version: textOf(entry.version), endpoint });
    } else if (isRecord(entry.mcp)) {
      const endpoint = textOf(entry.mcp.endpoint);
      if (endpoint) found.push({ version: textOf(entry.version) ?? textOf(entry.mcp.version), endpoint });
    }
  }
  return found;
}

function readCapabilities(value: unknown): StoreCapabilitySummary[] {
  const summary = (name: string, entry: JsonRecord): StoreCapabilitySummary => ({
    name,
    version: textOf(entry.version),
    extends: stringsOf(entry.extends),
  });
  if (Array.isArray(value)) {
    return value.flatMap((entry) => {
      const name = isRecord(entry) ? textOf(entry.name) : null;
      return isRecord(entry) && name ? [summary(name, entry)] : [];
    });
  }
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([name, entries]) =>
    listOf(entries).flatMap((entry) => (isRecord(entry) ? [summary(name, entry)] : [])),
  );
}

function readPaymentHandlers(map: unknown, legacyPayment: unknown): StorePaymentHandlerSummary[] {
  const summary = (name: string, entry: JsonRecord): StorePaymentHandlerSummary | null => {
    const id = textOf(entry.id) ?? name;
    if (!id) return null;
    const instrumentTypes = listOf(entry.available_instruments)
      .map((instrument) => (isRecord(instrument) ? textOf(instrument.type) : null))
      .filter((type): type is string => type !== null);
    const crypto = namesCryptoCurrency([name, id, ...instrumentTypes]);
    return {
      name: name || id,
      id,
      version: textOf(entry.version),
      instrumentTypes,
      refusal: crypto ? CRYPTO_PAYMENT_REFUSAL : null,
    };
  };
  const handlers: StorePaymentHandlerSummary[] = [];
  if (isRecord(map)) {
    for (const [name, entries] of Object.entries(map)) {
      for (const entry of listOf(entries)) {
        const handler = isRecord(entry) ? summary(name, entry) : null;
        if (handler) handlers.push(handler);
      }
    }
  }
  if (isRecord(legacyPayment)) {
    for (const entry of listOf(legacyPayment.handlers)) {
      const handler = isRecord(entry) ? summary(textOf(entry.name) ?? '', entry) : null;
      if (handler) handlers.push(handler);
    }
  }
  return handlers;
}
