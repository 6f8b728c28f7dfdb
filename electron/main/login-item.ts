// "Start on login": the OS login item on Windows and macOS; an XDG autostart entry on Linux.
import { app } from 'electron';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../services/common/logger';

export function applyStartOnLogin(enabled: boolean, logger: Logger): void {
  try {
    if (process.platform === 'linux') {
      const dir = join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'autostart');
      const file = join(dir, 'paydesk.desktop');
      if (!enabled) {
        rmSync(file, { force: true });
        return;
      }
      mkdirSync(dir, { recursive: true });
      const exec = process.env.APPIMAGE ?? process.execPath;
      writeFileSync(
        file,
        `[Desktop Entry]\nType=Application\nName=Paydesk\nExec="${exec}"\nX-GNOME-Autostart-enabled=true\n`,
      );
      return;
    }
    app.setLoginItemSettings({ openAtLogin: enabled });
  } catch (error) {
    logger.warn('could not change the start-on-login setting', error);
  }
}
