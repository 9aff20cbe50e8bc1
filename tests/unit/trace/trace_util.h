// Helpers for tracer unit tests: parse a source string and trace it.
#pragma once

#include <memory>
#include <string>

#include "ast/ast.h"
#include "diagnostics/diagnostics.h"
#include "parse/parse.h"
#include "trace/trace.h"

struct Traced {
  std::shared_ptr<const tcc::SourceFile> file;
  std::unique_ptr<tcc::ast::Module> module;
  tcc::DiagnosticEngine diags;
  tcc::trace::TraceResult result;
};

inline std::unique_ptr<Traced> TraceSource(const std::string& text) {
  auto t = std::make_unique<Traced>();
  t->file = std::make_shared<const tcc::SourceFile>("test.ts", text);
  t->module = tcc::parse::Parse(t->file, t->diags);
  if (!t->diags.has_errors()) t->result = tcc::trace::TraceModule(*t->module, t->diags);
  return t;
}
