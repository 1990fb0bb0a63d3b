/**
 * docs/protocol.md stays in step with the package: every protocol error code is in its table with
 * its number and message, every message type is described, and every JSON example whose info
 * string names a schema (```json JoinOptions) passes that schema.
 */
// This package compiles without Node's types (src must not use them); this test needs them.
/// <reference types="node" />
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ZodType } from "zod";
import * as protocol from "../src";
import { CLIENT_MESSAGE_TYPES, PROTOCOL_ERRORS, SERVER_MESSAGE_TYPES, protocolErrorNumber, type ProtocolErrorCode } from "../src";

const DOC = readFileSync(resolve(__dirname, "../../../docs/protocol.md"), "utf8");

describe("docs/protocol.md", () => {
  it("lists every protocol error code with its number and message", () => {
    const missing: string[] = [];
    for (const [code, info] of Object.entries(PROTOCOL_ERRORS)) {
      const row = DOC.split("\n").find((line) => line.startsWith(`| \`${code}\` |`));
      if (!row) missing.push(`${code}: no table row`);
      else {
        if (!row.includes(`| ${protocolErrorNumber(code as ProtocolErrorCode)} |`)) missing.push(`${code}: wrong number`);
        if (!row.includes(info.message)) missing.push(`${code}: message differs`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("lists no code PROTOCOL_ERRORS lacks", () => {
    const rows = DOC.split("\n").filter((line) => /^\| `[a-z_]+` \| 4\d{3} \|/.test(line));
    expect(rows.map((line) => line.split("`")[1])).toEqual(Object.keys(PROTOCOL_ERRORS));
  });

  it("describes every message type", () => {
    for (const type of [...CLIENT_MESSAGE_TYPES, ...SERVER_MESSAGE_TYPES]) expect(DOC).toContain(`**\`${type}\`**`);
  });

  it("states the limits the package defines", () => {
    expect(DOC).toContain(`PROTOCOL_VERSION = ${protocol.PROTOCOL_VERSION}`);
    expect(DOC).toContain(`\`MAX_MESSAGE_BYTES\` (${protocol.MAX_MESSAGE_BYTES})`);
    expect(DOC).toContain(`\`MAX_MESSAGE_DEPTH\` (${protocol.MAX_MESSAGE_DEPTH})`);
  });

  const examples = [...DOC.matchAll(/^```json ([A-Za-z]+)\n([\s\S]*?)^```$/gm)].map((m) => ({ schema: m[1] as string, text: m[2] as string }));

  it("has schema-checked examples of every message and REST body", () => {
    const named = new Set(examples.map((e) => e.schema));
    for (const schema of ["JoinOptions", "ClientMessage", "ServerMessage", "CreateMatchRequest", "CreateMatchResponse", "ListMatchesResponse", "ApiErrorBody"]) expect(named).toContain(schema);
    const types = examples.filter((e) => e.schema.endsWith("Message")).map((e) => (JSON.parse(e.text) as { type: string }).type);
    expect(new Set(types)).toEqual(new Set([...CLIENT_MESSAGE_TYPES, ...SERVER_MESSAGE_TYPES]));
  });

  it.each(examples.map((e, i) => [`${i + 1} (${e.schema})`, e] as const))("example %s passes its schema", (_name, example) => {
    const schema = (protocol as unknown as Record<string, ZodType | undefined>)[example.schema];
    expect(schema?.safeParse).toBeDefined();
    const result = schema!.safeParse(JSON.parse(example.text));
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
