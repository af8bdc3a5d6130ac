import { z } from 'zod';
import { NonEmpty, Sha256 } from './common.js';

/** An npm package the server was started from, and how its version was learnt. */
export const ServerPackage = z.looseObject({
  name: NonEmpty,
  /** Absent when the command names the package without a version (npx resolves one at start). */
  version: NonEmpty.optional(),
  /** `installed`: read from the package's own package.json; `spec`: the version in an npx spec. */
  from: z.enum(['installed', 'spec']),
});
export type ServerPackage = z.infer<typeof ServerPackage>;

/**
 * What the server was, for drift between attempts: its self-reported version, the npm package it
 * ran from, and the digest of the tool surface it listed. Records that predate the block read it
 * from their surface (`serverVersionOf`), with the package not recorded.
 */
export const ServerVersion = z.looseObject({
  /** `serverInfo.version` as the server reported it. */
  reported: z.string().max(200).optional(),
  package: ServerPackage.optional(),
  /** sha256 of the canonical tools/list result (the surface digest). */
  surfaceDigest: Sha256.optional(),
  /** Set when this block was derived on read from an older record's surface. */
  derived: z.literal('surface').optional(),
});
export type ServerVersion = z.infer<typeof ServerVersion>;

interface VersionSource {
  server?: ServerVersion;
  surface?: { serverInfo?: { version?: string }; digest?: string };
}

/** The record's server block, or (older records) the same facts read from its surface. */
export function serverVersionOf(record: VersionSource): ServerVersion {
  if (record.server) return record.server;
  const reported = record.surface?.serverInfo?.version;
  const digest = record.surface?.digest;
  return {
    ...(reported === undefined ? {} : { reported }),
    ...(digest === undefined ? {} : { surfaceDigest: digest }),
    derived: 'surface',
  };
}
