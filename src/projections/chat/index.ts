import type { Projection } from '../projection.js';
import { chatMessagesProjection } from './messages.js';

/** Read models of the chat module. */
export const chatProjections: Projection[] = [chatMessagesProjection];
