/** A labelled progress bar (UI-2): the message of §2 and the share of steps done. */
export function Progress({ message, share }: { message: string; share: number }) {
  const pct = Math.round(Math.max(0, Math.min(1, share)) * 100);
  return (
    <div className="progress">
      <div className="progress-msg">{message}</div>
      <div className="progress-track" role="progressbar" aria-label={message} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <div className="progress-pct">{pct}%</div>
    </div>
  );
}
