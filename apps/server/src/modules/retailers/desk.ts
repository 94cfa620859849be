import type { AdminRetailersQuery } from '@frameport/domain/contract';
import type { ModuleDeps } from '../module-deps.ts';
import { retailerList } from './list.ts';

export function createRetailersService({ db }: ModuleDeps) {
  return {
    list: (query: AdminRetailersQuery) => retailerList(db, query),
  };
}

export type RetailersService = ReturnType<typeof createRetailersService>;
