// common.h: pieces every Spec element uses: where it came from, how it is oriented.
#pragma once
#include <cstddef>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mjsim/types.h"

namespace mjsim {

// Where an element came from, for error messages.
struct SourceLocation {
  std::string element;  // XML element name, e.g. "geom"
  int line = 0;
  std::string file;     // empty for a model given as a string
  std::string info;     // free text (an MjSpec element's info), shown in compile errors
};

// An element's orientation as mjSpec keeps it: the quaternion, and an alternative form that
// replaces it when `form` is not kQuat. Each form has its own values, so switching forms loses
// none.
struct Orientation {
  enum class Form { kQuat, kAxisAngle, kXYAxes, kZAxis, kEuler };  // mjtOrientation's order
  Form form = Form::kQuat;
  mjtNum quat[4] = {1, 0, 0, 0};
  mjtNum axisangle[4] = {0, 0, 0, 0};
  mjtNum xyaxes[6] = {0, 0, 0, 0, 0, 0};
  mjtNum zaxis[3] = {0, 0, 0};
  mjtNum euler[3] = {0, 0, 0};

  mjtNum* Values() { return const_cast<mjtNum*>(static_cast<const Orientation*>(this)->Values()); }
  const mjtNum* Values() const {
    switch (form) {
      case Form::kAxisAngle: return axisangle;
      case Form::kXYAxes: return xyaxes;
      case Form::kZAxis: return zaxis;
      case Form::kEuler: return euler;
      default: return quat;
    }
  }
};

// What every named element of the tree has (mjsElement and the fields each mjs struct repeats).
struct SpecElement {
  std::string name;
  std::string classname = "main";  // the default class it was made from
  SourceLocation source;
};

// A list of elements with stable addresses (each is held by a shared_ptr, so the Python side can
// keep one while the list grows); it reads like std::vector<T>, and copying it copies the
// elements.
template <typename T>
class ElementList {
 public:
  using Pointer = std::shared_ptr<T>;
  template <typename Base, typename Value>
  class Iter {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = Value*;
    using reference = Value&;
    explicit Iter(Base it) : it_(it) {}
    Value& operator*() const { return **it_; }
    Value* operator->() const { return it_->get(); }
    Iter& operator++() { ++it_; return *this; }
    Iter operator++(int) { Iter old = *this; ++it_; return old; }
    Iter& operator--() { --it_; return *this; }
    Iter operator+(difference_type n) const { return Iter(it_ + n); }
    Iter operator-(difference_type n) const { return Iter(it_ - n); }
    difference_type operator-(const Iter& other) const { return it_ - other.it_; }
    bool operator==(const Iter& other) const { return it_ == other.it_; }
    bool operator!=(const Iter& other) const { return it_ != other.it_; }
    bool operator<(const Iter& other) const { return it_ < other.it_; }
   private:
    Base it_;
  };
  using iterator = Iter<typename std::vector<Pointer>::iterator, T>;
  using const_iterator = Iter<typename std::vector<Pointer>::const_iterator, const T>;

  ElementList() = default;
  ElementList(ElementList&&) = default;
  ElementList& operator=(ElementList&&) = default;
  ElementList(const ElementList& other) {
    items_.reserve(other.items_.size());
    for (const Pointer& item : other.items_) items_.push_back(std::make_shared<T>(*item));
  }
  ElementList& operator=(const ElementList& other) {
    if (this != &other) *this = ElementList(other);
    return *this;
  }

  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  void reserve(size_t n) { items_.reserve(n); }
  void clear() { items_.clear(); }
  T& operator[](size_t i) { return *items_[i]; }
  const T& operator[](size_t i) const { return *items_[i]; }
  T& back() { return *items_.back(); }
  const T& back() const { return *items_.back(); }
  iterator begin() { return iterator(items_.begin()); }
  iterator end() { return iterator(items_.end()); }
  const_iterator begin() const { return const_iterator(items_.begin()); }
  const_iterator end() const { return const_iterator(items_.end()); }

  void push_back(const T& item) { items_.push_back(std::make_shared<T>(item)); }
  void push_back(T&& item) { items_.push_back(std::make_shared<T>(std::move(item))); }
  void push_back(Pointer item) { items_.push_back(std::move(item)); }
  void push_back(std::unique_ptr<T> item) { items_.push_back(Pointer(std::move(item))); }
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    items_.push_back(std::make_shared<T>(std::forward<Args>(args)...));
    return *items_.back();
  }
  void insert(size_t at, Pointer item) { items_.insert(items_.begin() + at, std::move(item)); }
  void erase(size_t i) { items_.erase(items_.begin() + i); }
  const Pointer& ptr(size_t i) const { return items_[i]; }
  // index of `item` in the list, -1 when it is not in it
  int IndexOf(const T* item) const {
    for (size_t i = 0; i < items_.size(); ++i) {
      if (items_[i].get() == item) return static_cast<int>(i);
    }
    return -1;
  }

 private:
  std::vector<Pointer> items_;
};

}  // namespace mjsim
