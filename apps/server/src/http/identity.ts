import type { Role } from '@frameport/domain/contract';

/** Who is calling: resolved from the bearer token on every authenticated request. */
export type Identity = {
  userId: number;
  sessionId: number;
  email: string;
  name: string;
  role: Role;
  /** The retailer this login belongs to (retailer users only). */
  retailerId: number | null;
};

/** The retailer a call reads and writes for, and whether someone else is acting for it. */
export type ActingContext = {
  identity: Identity;
  retailerId: number;
  retailerEmail: string;
  onBehalf: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /** 'public' routes need no bearer token; every other route does, whatever its path (http/auth.ts). */
    auth?: 'public';
  }
}
