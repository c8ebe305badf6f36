import type { Router } from 'express';
import type { Server } from 'socket.io';
import type { AppContext } from '../context.js';
import type { DB } from '../db/schema.js';
import type { Projection } from '../projections/projection.js';
import type { SocketModule } from '../realtime/server.js';
import type { JobDefinition } from '../workers/jobs.js';

/**
 * Everything one module adds to the product. The server, the worker, the OpenAPI document and the socket
 * server are assembled from the list in src/modules/index.ts: adding a module is one line there.
 */
export interface ModuleManifest {
  name: string;
  /** Routes under /api/v2, each declared with defineRoute. */
  routes?(router: Router, ctx: AppContext): void;
  /** Handlers of one authenticated socket. */
  sockets?: SocketModule;
  /** Read models and reactors, run by the projection runner. */
  projections?: readonly Projection[];
  /** Background jobs, run by the BullMQ workers. */
  jobs?: readonly JobDefinition[];
  /** Read-model tables the module owns: only its own query functions read them (test/kit/boundaries.test.ts). */
  tables?: readonly (keyof DB)[];
  /**
   * Read-only SQL views the module publishes for other modules' server-side grids, where a join cannot go
   * through a query function (e.g. events_by_owner for the platform's users grid). Anyone may read these.
   */
  views?: readonly (keyof DB)[];
  /** Per API process services started beside the socket server (e.g. the chat's membership cache). */
  startApi?(ctx: AppContext, io: Server): Promise<{ close(): Promise<void> }>;
}

export const defineModule = <M extends ModuleManifest>(manifest: M): M => manifest;
