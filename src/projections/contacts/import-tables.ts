/** Tables of the CRM's imports (SQL in migrations/0880_contacts_imports.sql). */
export interface ContactsImportTables {
  contacts_import_files: { id: string; client_id: string; kind: string; content: Buffer; created_at?: Date };
  contacts_imports: {
    id: string;
    client_id: string;
    file_name: string;
    columns: string;
    row_count: number;
    status: string;
    mapping: string | null;
    processed: number;
    created: number;
    updated: number;
    failed: number;
    errors: string;
    version: number;
    created_at: string;
    updated_at: string;
  };
}
