import { app } from 'electron';
app.whenReady().then(() => undefined);
