import { initials } from './chatFormat';

/** A round picture of a chat party; their initials when they have none. */
export function Avatar({ name, image, size = 44 }: { name: string; image: string; size?: number }) {
  const style = { width: size, height: size };
  if (image) return <img src={image} alt={name} className="chat-avatar" style={style} />;
  return (
    <span className="chat-avatar chat-avatar--initials" style={style} role="img" aria-label={name}>
      {initials(name)}
    </span>
  );
}
