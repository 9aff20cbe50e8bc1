// Defines the compact binary form of an ast::Program, used to embed programs
// in the executables tcc builds (the eager interpreter runs them there).
//
// The encoding keeps every node, range and location, and each module's name,
// path and full source text (run-time errors show source lines), so
// DumpModule(deserialized) == DumpModule(original). Layout: the magic
// "TSAST\x02" (bumped when the encoding changes), then LEB128 varints, length-prefixed strings and one kind byte
// per node (0xFF for an absent optional child).
// DeserializeProgram never crashes on bad input: it returns null and sets
// `error` for truncated, corrupt or too deeply nested data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "ast/program.h"

namespace tcc::ast {

// The encoding's constants, shared by the writer and the reader.
inline constexpr char kAstMagic[] = "TSAST\x02";
inline constexpr size_t kAstMagicSize = 6;
inline constexpr uint8_t kAstNull = 0xFF;  // an absent optional child

std::string SerializeProgram(const Program& program);
std::unique_ptr<Program> DeserializeProgram(const uint8_t* data, size_t size, std::string* error);

}  // namespace tcc::ast
