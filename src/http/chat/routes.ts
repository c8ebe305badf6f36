import type { Router } from 'express';
import type { AppContext } from '../../context.js';

/** Routes of the chat module (see the spec's call table). */
export function registerChatRoutes(_router: Router, _ctx: AppContext) {}
