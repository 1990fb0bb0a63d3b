/**
 * The HTTP addresses of one fogwar deployment a bot client joins through (several server
 * processes sharing Redis, reached directly): one SDK client per address.
 */
import { Client } from "@colyseus/sdk";

/**
 * The addresses of one deployment a client joins through: the current one, and the next after a
 * failed join (round robin).
 */
export class Endpoints {
  private index = 0;
  private readonly clients: Client[];

  /** `bases`: HTTP addresses (http://host:port), tried in this order. */
  constructor(private readonly bases: readonly string[]) {
    this.clients = bases.map((base) => new Client(base.replace(/^http/, "ws")));
  }

  /** The SDK client of the current address. */
  get sdk(): Client {
    return this.clients[this.index] as Client;
  }

  /** The current HTTP address. */
  get base(): string {
    return this.bases[this.index] as string;
  }

  /** Moves on to the next address. */
  next(): void {
    this.index = (this.index + 1) % this.bases.length;
  }
}
