import { Link } from 'react-router';
import { APP_NAME } from '../../../contract/constants.ts';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <defs>
        <linearGradient id="ampkit-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#6d28d9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#ampkit-logo)" />
      <path d="M9 22 16 8l7 14h-4l-3-6.5L13 22z" fill="#fff" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900" aria-label={`${APP_NAME} home`}>
      <LogoMark />
      <span>{APP_NAME}</span>
    </Link>
  );
}
