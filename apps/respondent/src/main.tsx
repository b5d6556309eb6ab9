import { render } from 'preact';
import { App } from './app';
import './respondent.css';

render(<App />, document.getElementById('app')!);
