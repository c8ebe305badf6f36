/** Read-model tables of the chat module (SQL in migrations/0300_chat.sql). */
export interface ChatTables {
  chat_rooms: {
    id: string;
    type: 'individual' | 'group';
    name: string;
    created_by: string;
    created_at: Date | string;
    last_message_id: string | null;
    last_message_at: Date | string | null;
  };
  chat_room_members: { room_id: string; user_id: string; participant_id: string };
  chat_messages: {
    id: string;
    room_id: string;
    client_id: string;
    sender_id: string;
    participant_id: string;
    public_user_id: string;
    receiver_id: string | null;
    message: string;
    seq: number;
    state: 'sent' | 'delivered' | 'viewed';
    save_date: Date | string;
  };
  chat_receipts: { message_id: string; user_id: string; room_id: string; state: 'sent' | 'delivered' | 'viewed' };
  chat_presence: {
    user_id: string;
    online: boolean;
    seq: string | number | bigint;
    last_connection: Date | string | null;
    last_disconnection: Date | string | null;
  };
}
