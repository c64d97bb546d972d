import './messaging.css';
import { Route, Routes } from '@loadout/web';
import { MessagesPage } from './MessagesPage';

/** Exposed as `messaging/routes`; the shell mounts it for `/messages/*` (seed §2). */
export function MessagingRoutes() {
  return (
    <Routes>
      <Route path="/messages" element={<MessagesPage />} />
      <Route path="/messages/:conversationId" element={<MessagesPage />} />
      <Route path="*" element={<MessagesPage />} />
    </Routes>
  );
}

export default MessagingRoutes;
