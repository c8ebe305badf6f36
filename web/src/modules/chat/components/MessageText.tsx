import Link from '@mui/material/Link';
import { messageParts } from '../links';

/**
 * A message's text with its http(s) URLs as links opening in a new tab. Text and link labels are React text
 * nodes (escaped), hrefs only ever http(s) (see messageParts); the new tab gets no `window.opener` and no Referer.
 */
export function MessageText({ message }: { message: string }) {
  return (
    <>
      {messageParts(message).map((part, i) =>
        part.kind === 'link' ? (
          <Link key={i} href={part.href} target="_blank" rel="noopener noreferrer" color="secondary.dark" sx={{ fontWeight: 600 }} data-testid="chat-message-link">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
