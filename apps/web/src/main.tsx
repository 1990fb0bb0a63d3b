/** Entry point: i18n, the router and the app. */
import "./csp";
import "./boot";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { setupI18n } from "./i18n";
import "./styles.css";

setupI18n();
createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
