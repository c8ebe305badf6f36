/** Read-model tables of the notifications module (SQL in migrations/0400_notifications.sql). */
export interface NotificationsTables {
  notifications: {
    id: string;
    user_id: string;
    type: string;
    model: string;
    model_id: string | null;
    message: string;
    url: string;
    unread: boolean;
    save_date: Date | string;
    source_event_id: string;
  };
}
