import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { chatSchema } from './dto.js';
import { chatService } from './service.js';

/** The conversation list over HTTP; messages travel over the socket (server/realtime). */
export default async function chatRoutes(app: App) {
  const service = chatService(app);

  app.get(
    '/chat',
    {
      schema: {
        tags: ['chat'],
        security: [{ token: [] }],
        summary: "The caller's conversations, newest first; `sender` is true for patients",
        response: { 200: z.object({ sender: z.boolean(), chats: z.array(chatSchema) }), ...errorResponses },
      },
    },
    async (request) => service.list(requireViewer(request)),
  );
}
