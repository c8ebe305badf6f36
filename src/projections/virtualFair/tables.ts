/** Read-model tables of the virtual-fair module (SQL in migrations/095x_virtual_fair_*.sql). */
export interface VirtualFairTables {
  virtual_fair_catalog: {
    id: string;
    kind: string;
    name: string;
    description: string;
    image_url: string | null;
    capacity: number;
    link: string | null;
    archived: boolean;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  };
}
