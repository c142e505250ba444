// STUB: replaced by the interpreter work (issue #4).
#include "interpreter/Interpreter.h"
namespace loom {
struct Interpreter::Impl {};
Interpreter::Interpreter() : impl_(std::make_unique<Impl>()) {}
Interpreter::~Interpreter() = default;
void Interpreter::load(const Program &) {}
Value Interpreter::call(const std::string &, const std::vector<Value> &) { return Value(); }
Value Interpreter::eval(const Exp &) { return Value(); }
void Interpreter::set_interrupt_flag(const std::atomic<bool> *) {}
}
