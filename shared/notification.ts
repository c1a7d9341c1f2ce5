/**
 * One notification as the server sends it, in the bell's list and pushed over the socket the moment
 * it is stored: the title and body are already worded in the reader's language.
 */
export interface NotificationItem {
  _id: string;
  event: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
}
