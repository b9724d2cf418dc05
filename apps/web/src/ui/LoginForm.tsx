/** Sign up / log in (issue 4 §1): labelled fields "Username", "Password"; buttons "Log in", "Sign up". */
import { useState, type FormEvent } from 'react';
import { api } from '../api/api.ts';
import { loginSucceeded } from '../api/http.ts';
import type { User } from '../api/schemas.ts';

export function LoginForm({ onDone, notice }: { onDone: (u: User) => void; notice?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function run(kind: 'login' | 'signup', e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    setError('');
    try {
      const u = kind === 'login' ? await api.login(username, password) : await api.signup(username, password);
      onDone(u);
      loginSucceeded(); // requests that met a 401 are sent again: the interrupted action goes on
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="login-form" onSubmit={(e) => run('login', e)} aria-label="Log in">
      {notice && <p className="notice">{notice}</p>}
      <label className="field">
        <span>Username</span>
        <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
      </label>
      <label className="field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="row gap">
        <button type="submit" className="btn primary" disabled={busy}>
          Log in
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => run('signup')}>
          Sign up
        </button>
      </div>
    </form>
  );
}

export function LoginPage({ onDone }: { onDone: (u: User) => void }) {
  return (
    <div className="login-page">
      <div className="login-card">
        <div className="brand big">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Copperplate</span>
        </div>
        <p className="muted">Schematics, PCBs and panels — in the cloud and offline.</p>
        <LoginForm onDone={onDone} />
      </div>
    </div>
  );
}
